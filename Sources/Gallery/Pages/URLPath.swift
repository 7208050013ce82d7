/// Builds the relative URLs a page uses for files Cascade wrote.
///
/// Every path segment is percent-encoded (RFC 3986 unreserved characters stay
/// as they are), so names with spaces, `#`, `?`, `:`, `%` or non-ASCII letters
/// link correctly from `file://` and from any web server sub-path. HTML
/// escaping happens later, in the template.
enum URLPath {
    static func relative(_ segments: [String]) -> String {
        segments.map(encode).joined(separator: "/")
    }

    /// A fragment (`#…`) that matches the id `text` once the browser decodes it.
    static func encodeFragment(_ text: String) -> String { encode(text) }

    /// Encodes everything but unreserved characters; `:` must go too, or a name
    /// such as `img-09:10.jpg` would read as a URL scheme.
    static func encode(_ segment: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
