/// What a URL in an attribute is, read the way a browser's URL parser reads
/// it (WHATWG URL): leading and trailing C0 controls and spaces stripped,
/// every ASCII tab and newline removed wherever it is, the scheme compared
/// ASCII case-insensitively. References are already resolved by libxml2,
/// so `&#106;avascript:`, `java&#10;script:`, ` JaVaScRiPt:` and
/// `\u{1}javascript:` all read as `javascript:`.
///
/// The one classifier every URL rule uses (see ``URLRules``,
/// ``ResourceRules``, ``TemplateScan``).
enum URLKind: Equatable, Sendable {
    /// No scheme and not `//`: resolved against the page (path, query, fragment).
    case relative
    /// `//host…` (a backslash counts as a slash, as for `http:` pages): another host.
    case otherHost
    /// `javascript:` or `vbscript:`: script run in the page.
    case script
    /// `data:`; `rasterImage` when its media type is `image/png`,
    /// `image/jpeg`, `image/gif`, `image/webp` or `image/avif`.
    case data(rasterImage: Bool)
    /// `http:`, `https:` or `ftp:`: a URL with a host.
    case web
    /// Any other scheme: `mailto:`, `tel:`, `file:`, …
    case otherScheme

    /// The kind of the whole URL in `bytes`.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> URLKind {
        // A whole value always decides.
        read(bytes, range, isHead: false)!
    }

    /// The kind of the whole URL in `text`.
    static func of(_ text: String) -> URLKind {
        var text = text
        return text.withUTF8 { of($0, 0..<$0.count) }
    }

    /// The kind of every URL that starts with `head` (a template's literal
    /// text before a Mustache tag), or nil when what follows could change
    /// it: `java` + tag could still be `javascript:`, `https://a.example` +
    /// tag could still name `a.example.evil.example`, `data:` + tag any
    /// media type.
    static func decided(byHead head: [UInt8]) -> URLKind? {
        head.withUnsafeBufferPointer { read($0, 0..<$0.count, isHead: true) }
    }

    private static let javascript = ShortName("javascript"), vbscript = ShortName("vbscript"), dataScheme = ShortName("data")
    private static let webSchemes = [ShortName("http"), ShortName("https"), ShortName("ftp")]
    private static let rasterTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"].map { name in
        var packed = ShortName()
        for byte in name.utf8 { packed.append(byte) }
        return packed
    }

    /// A head that runs out where more text could change the kind gives nil.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isHead: Bool) -> URLKind? {
        var reader = URLBytes(bytes, range, trimsEnd: !isHead)
        let undecided: URLKind? = isHead ? nil : .relative
        guard let first = reader.next() else { return undecided }
        if isSlash(first) {
            guard let second = reader.next() else { return undecided }
            guard isSlash(second) else { return .relative }
            return !isHead || endsHost(&reader) ? .otherHost : nil
        }
        guard isLetter(first) else { return .relative }
        var scheme = ShortName()
        scheme.append(first)
        while let byte = reader.next() {
            if byte == UInt8(ascii: ":") {
                return kind(of: scheme, rest: &reader, isHead: isHead)
            }
            guard isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
                return .relative
            }
            scheme.append(byte)
        }
        return undecided
    }

    private static func kind(of scheme: ShortName, rest reader: inout URLBytes, isHead: Bool) -> URLKind? {
        if scheme == javascript || scheme == vbscript { return .script }
        if scheme == dataScheme { return dataKind(&reader, isHead: isHead) }
        if webSchemes.contains(scheme) {
            return !isHead || endsHost(&reader) ? .web : nil
        }
        return .otherScheme
    }

    /// A `data:` URL's media type is what comes before `;` or `,`, without
    /// the ASCII whitespace around it; with whitespace inside it is not a
    /// valid type (browsers read `text/plain`).
    private static func dataKind(_ reader: inout URLBytes, isHead: Bool) -> URLKind? {
        var type = ShortName()
        var ended = false, valid = true
        while let byte = reader.next() {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") {
                return .data(rasterImage: valid && rasterTypes.contains(type))
            }
            if byte == 0x20 || byte == 0x0C {
                ended = type.count > 0
            } else if ended {
                valid = false
            } else {
                type.append(byte)
            }
        }
        return isHead ? nil : .data(rasterImage: valid && rasterTypes.contains(type))
    }

    /// Whether the head names its host completely: after the slashes, at
    /// least one byte and then `/`, `\`, `?` or `#`.
    private static func endsHost(_ reader: inout URLBytes) -> Bool {
        var hostBytes = 0
        while let byte = reader.next() {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || isSlash(byte) {
                if hostBytes > 0 { return true }
                if !isSlash(byte) { return false }
            } else {
                hostBytes += 1
            }
        }
        return false
    }

    private static func isSlash(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\")
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
