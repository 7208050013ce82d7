/// A request target reduced to path segments that can only name something
/// inside the served folder (security notes §6). Pure: no file is touched;
/// whether it names a published file is ``PublishedSet``'s question, and the
/// file is opened without following links by ``BeneathOpen``.
public struct SafePath: Equatable, Sendable {
    /// Decoded segments, none empty, `.`, `..` or hidden.
    public var segments: [String]
    /// Whether the target ended in `/` (a folder form: `/album/`).
    public var endsInSlash: Bool

    public init(segments: [String], endsInSlash: Bool) {
        self.segments = segments
        self.endsInSlash = endsInSlash
    }

    /// The target's path, decoded exactly once.
    ///
    /// Refused with 400: anything not starting with a single `/` (absolute
    /// form `http://…`, `*`, `../x`, `//host`), bad or truncated escapes,
    /// NUL and other control bytes, backslashes, invalid UTF-8 (overlong
    /// `%c0%ae` included), empty segments and any `.` or `..` segment —
    /// never normalised away, so `%2e%2e%2f` stays an attack, not a path.
    /// Refused with 404: a segment starting with `.` (`.git`,
    /// `.cascade-manifest`), which the preview never serves.
    /// The query is dropped; a `%2F` becomes a separator only after decoding
    /// and is then checked like any other.
    public init(target: String) throws(RequestError) {
        var bytes = Array(target.utf8)
        if let query = bytes.firstIndex(of: UInt8(ascii: "?")) { bytes.removeSubrange(query...) }
        guard bytes.first == UInt8(ascii: "/") else { throw RequestError(.badRequest, "target does not start with /") }
        guard bytes.count < 2 || bytes[1] != UInt8(ascii: "/") else { throw RequestError(.badRequest, "target starts with //") }
        guard !bytes.contains(UInt8(ascii: "#")) else { throw RequestError(.badRequest, "fragment in target") }
        let decoded = try Self.percentDecoded(bytes)
        for byte in decoded {
            if byte == 0 { throw RequestError(.badRequest, "NUL in path") }
            if byte < 32 || byte == 127 { throw RequestError(.badRequest, "control byte in path") }
            if byte == UInt8(ascii: "\\") { throw RequestError(.badRequest, "backslash in path") }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw RequestError(.badRequest, "path is not valid UTF-8")
        }
        var parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeFirst() // before the leading slash
        endsInSlash = parts.last == ""
        if endsInSlash { parts.removeLast() }
        for part in parts {
            if part.isEmpty { throw RequestError(.badRequest, "empty path segment") }
            if part == "." || part == ".." { throw RequestError(.badRequest, "dot segment in path") }
        }
        if parts.contains(where: { $0.hasPrefix(".") }) { throw RequestError(.notFound, "hidden path segment") }
        segments = parts
    }

    /// `%XX` escapes decoded once; a `%` not followed by two hex digits is an error.
    static func percentDecoded(_ bytes: [UInt8]) throws(RequestError) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                throw RequestError(.badRequest, "bad percent escape")
            }
            result.append(high << 4 | low)
            index += 3
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The folder form of this path as a `Location` value: one leading slash,
    /// each segment percent-encoded, a trailing slash (never `//` or `/\`).
    public var folderLocation: String {
        "/" + segments.map(Self.encoded).map { $0 + "/" }.joined()
    }

    /// A segment percent-encoded for a URL path: unreserved bytes and a few
    /// safe sub-delimiters stay as they are.
    static func encoded(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
