/// HTML escaping for `{{name}}`, and for any other code that writes text
/// into HTML (so there is one escaper, not one per module that needs it).
public enum Escaping {
    /// Appends `text` with `& < > " '` replaced by entities, so interpolations
    /// are safe in element content and in quoted attribute values. `'` becomes
    /// `&#39;` (valid in HTML 4 too, unlike `&apos;`).
    public static func appendHTML(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var chunkStart = utf8.startIndex
        var index = chunkStart
        while index != utf8.endIndex {
            let entity: String
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                index = utf8.index(after: index)
                continue
            }
            // Entities replace ASCII bytes, so chunk bounds fall on characters.
            output += text[chunkStart..<index]
            output += entity
            index = utf8.index(after: index)
            chunkStart = index
        }
        if chunkStart == utf8.startIndex {
            output += text
        } else {
            output += text[chunkStart..<utf8.endIndex]
        }
    }

    /// `text` with `& < > " '` replaced by entities (see ``appendHTML(_:to:)``).
    public static func html(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        appendHTML(text, to: &output)
        return output
    }
}
