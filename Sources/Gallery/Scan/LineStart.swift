/// What every line of one batch of a folder's files starts with, worked out
/// once per batch rather than once per file.
struct LineStart: Sendable {
    let format: HeaderScan.Format
    /// The folder's path with a trailing `/`, as bytes.
    let prefix: [UInt8]
    /// `{"path":"` and the folder's path, escaped, without the closing quote:
    /// a JSON line goes on with the file's name when that needs no escape.
    let jsonOpening: [UInt8]

    init(folder: String, format: HeaderScan.Format) {
        let folder = folder.hasSuffix("/") ? folder : folder + "/"
        self.format = format
        prefix = Array(folder.utf8)
        // JSON escapes scalar by scalar, so the folder's escaped path followed
        // by the name's is the escaped path of the file.
        jsonOpening = Array(#"{"path":"#.utf8) + Array(JSONText.quoted(folder).utf8.dropLast())
    }

    /// Bytes to reserve for a line: the path and what follows it, with room to spare.
    var typicalLength: Int {
        (format == .json ? jsonOpening.count : prefix.count) + (format == .json ? 160 : 64)
    }

    /// Whether `name` goes into a JSON string as it is: printable ASCII
    /// without `"` or `\` (anything else takes the general escaper).
    static func isPlainJSON(_ name: String) -> Bool {
        !name.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }
    }
}
