/// Foundation's account of invalid JSON ("Invalid value around character 19."),
/// split into what went wrong and the byte offset it names, so the offset can
/// become a line and column. Pure.
enum JSONParserMessage {
    /// The message without its position, and the 0-based byte offset: the
    /// one it names, or the end of the text for an unexpected end of file;
    /// nil when it names none.
    static func split(_ message: String, byteCount: Int) -> (detail: String, offset: Int?) {
        var detail = message
        while detail.last == "." { detail.removeLast() }
        let marker = " around character "
        if let range = detail.range(of: marker), let offset = Int(detail[range.upperBound...]) {
            return (String(detail[..<range.lowerBound]), offset)
        }
        if detail.lowercased().contains("end of file") { return (detail, byteCount) }
        return (detail, nil)
    }
}
