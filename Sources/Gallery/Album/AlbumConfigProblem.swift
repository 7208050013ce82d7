/// What is wrong with an `album.json`, naming the key at fault.
public enum AlbumConfigProblem: Sendable, Equatable, CustomStringConvertible {
    case notRegularFile
    case unreadable
    /// The JSON parser's own account of where the text stops being JSON.
    case invalidJSON(detail: String)
    /// The top level is not an object.
    case notAnObject
    /// `field` (`"title"`, `photos["a.jpg"].caption`) has the wrong type.
    case wrongType(field: String, expected: String)
    /// A key Cascade does not know, so a typo does not silently do nothing.
    case unknownKey(key: String, in: String?, expected: [String])
    /// A photo's `date` is not a date.
    case badDate(photo: String, text: String)
    /// A key that only the album root's `album.json` may set.
    case rootOnly(key: String)
    /// A key the album root's `album.json` may not set (`"private"`: the home page is the site).
    case notForRoot(key: String)
    /// `sort` names no known order.
    case badSort(text: String, expected: [String])
    /// `field` (``AlbumTextLimit/TooLong/field``) is `bytes` long, over `limit`.
    case tooLong(field: String, bytes: Int, limit: Int)
    /// The watermark's font or image cannot be used.
    case watermark(WatermarkProblem)

    public var description: String {
        switch self {
        case .notRegularFile: "is not a regular file"
        case .unreadable: "cannot be read"
        case .invalidJSON(let detail): "is not valid JSON: \(detail)"
        case .notAnObject: "must be a JSON object"
        case .wrongType(let field, let expected): "\(field) must be \(expected)"
        case .unknownKey(let key, let place, let expected):
            "unknown key \"\(key)\"" + (place.map { " in \($0)" } ?? "") + " (expected \(expected.joined(separator: ", ")))"
        case .rootOnly(let key): "\"\(key)\" applies to the whole site, so only the album root's album.json may set it"
        case .notForRoot(let key):
            "\"\(key)\" cannot apply to the album root (the home page); set it in a sub-album's album.json"
        case .badSort(let text, let expected):
            "\"sort\" \"\(text)\" is not one of \(expected.joined(separator: ", "))"
        case .badDate(let photo, let text):
            "photos[\"\(photo)\"].date \"\(text)\" is not a date like 2024-05-12 or 2024-05-12 14:03"
        case .watermark(let problem): problem.description
        case .tooLong(let field, let bytes, let limit):
            "\(field) is \(Self.grouped(bytes)) bytes; a text in album.json may be at most \(Self.grouped(limit)) bytes "
                + "(\(limit >> 20) MiB): shorten it"
        }
    }

    /// `11534336` → `11,534,336`.
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > (digits.first == "-" ? 1 : 0) {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }
}
