/// What is wrong with a `cascade.json`, naming the key at fault.
public enum SettingsProblem: Sendable, Equatable, CustomStringConvertible {
    case notRegularFile
    case unreadable
    /// The JSON parser's own account of where the text stops being JSON.
    case invalidJSON(detail: String)
    case notAnObject
    /// `key` holds a value of the wrong type or out of range.
    case badValue(key: String, expected: String)
    /// A key Cascade does not know, with the nearest known one when close.
    case unknownKey(key: String, suggestion: String?, expected: [String])
    /// Two settings that cannot both hold (`keepMetadata` without `originals`).
    case contradiction(String)

    public var description: String {
        switch self {
        case .notRegularFile: "is not a regular file"
        case .unreadable: "cannot be read"
        case .invalidJSON(let detail): "is not valid JSON: \(detail)"
        case .notAnObject: "must be a JSON object of settings"
        case .badValue(let key, let expected): "\"\(key)\" must be \(expected)"
        case .unknownKey(let key, let suggestion, let expected):
            "unknown setting \"\(key)\""
                + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? " (known: \(expected.joined(separator: ", ")))")
        case .contradiction(let text): text
        }
    }
}
