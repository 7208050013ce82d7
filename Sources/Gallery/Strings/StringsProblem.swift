/// What is wrong with a theme's strings file (`Templates/strings/fr.json`).
public enum StringsProblem: Sendable, Equatable, CustomStringConvertible {
    case unreadable
    /// The JSON parser's own account of where the text stops being JSON.
    case invalidJSON(detail: String)
    case notAnObject
    /// The file's name is not a language tag (`fr.json`, `pt-BR.json`).
    case badFileName
    /// `key` holds a value that is not what it must be.
    case badValue(key: String, expected: String)
    /// `--strict-templates`: keys English has that this language lacks.
    case missingKeys([String])
    /// `--strict-templates`: a key no English string has (a typo, usually).
    case unknownKey(key: String, suggestion: String?)

    public var description: String {
        switch self {
        case .unreadable: "cannot be read"
        case .invalidJSON(let detail): "is not valid JSON: \(detail)"
        case .notAnObject: "must be a JSON object of strings"
        case .badFileName: "is not named after a language (fr.json, pt-BR.json)"
        case .badValue(let key, let expected): "\"\(key)\" must be \(expected)"
        case .missingKeys(let keys):
            "has no \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) (--strict-templates wants every English key translated)"
        case .unknownKey(let key, let suggestion):
            "has \"\(key)\", which English does not" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
                + " (--strict-templates)"
        }
    }
}
