/// The small text records Cascade keeps in extended attributes
/// (``BuildSnapshot``, ``AlbumRecord``): a header line, then one
/// `name value` line each, every line ended by a newline.
enum NameValueLines {
    /// The text of `fields` under `header`.
    static func text(header: String, _ fields: [(name: String, value: String)]) -> String {
        ([header] + fields.map { $0.name + " " + $0.value }).joined(separator: "\n") + "\n"
    }

    /// Each name's value; nil unless the text starts with `header`, ends
    /// with a newline and names each field once.
    static func values(of text: String, header: String) -> [String: Substring]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.first == Substring(header), lines.last == "" else { return nil }
        var values: [String: Substring] = [:]
        for line in lines.dropFirst().dropLast() {
            guard let space = line.firstIndex(of: " "), values[String(line[..<space])] == nil else { return nil }
            values[String(line[..<space])] = line[line.index(after: space)...]
        }
        return values
    }
}
