/// One field of a line-based bookkeeping file (`.cascade-manifest`,
/// `.cascade-sources`, `.cascade-renditions`), encoded so that no name can
/// break out of its field or line.
///
/// File names may hold any byte but `/` and NUL, TAB and newlines included:
/// written raw, a crafted name would add lines of its own and make a later
/// build trust them. `%`, every control byte (TAB, LF, CR among them) and
/// DEL are written as `%XX`; everything else stays as it is, so ordinary
/// names read the same as before.
enum LineField {
    /// `text` with `%`, control bytes and DEL percent-encoded.
    static func encode(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        encode(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` encoded to `bytes`.
    static func encode(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            guard utf8.contains(where: needsEscape) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                if needsEscape(byte) {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0xF))
                } else {
                    bytes.append(byte)
                }
            }
        }
    }

    /// The text `field` encodes, or nil when it is not something ``encode(_:)``
    /// writes: a raw control byte, a bad or needless escape, or bytes that are
    /// not UTF-8. Callers ignore such a line.
    static func decode(_ field: some Collection<UInt8>) -> String? {
        // Most names need no decoding: validated where they lie, not copied byte by byte first.
        if case .text(let text)? = field.withContiguousStorageIfAvailable({ stored -> Plain in
            stored.contains(where: needsEscape) ? .escaped : .text(String(validating: stored, as: UTF8.self))
        }) {
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = field.startIndex
        while index != field.endIndex {
            let byte = field[index]
            field.formIndex(after: &index)
            if needsEscape(byte) && byte != UInt8(ascii: "%") { return nil }
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index != field.endIndex, let high = hexValue(field[index]) else { return nil }
            field.formIndex(after: &index)
            guard index != field.endIndex, let low = hexValue(field[index]) else { return nil }
            field.formIndex(after: &index)
            let decoded = high << 4 | low
            // One spelling per name: only bytes `encode` escapes may be escaped.
            guard needsEscape(decoded) else { return nil }
            bytes.append(decoded)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A field read where it lies: its text (nil when not UTF-8), or that it holds escapes.
    private enum Plain { case text(String?), escaped }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%")
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
