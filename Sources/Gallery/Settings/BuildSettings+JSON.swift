import Foundation

extension BuildSettings {
    /// The settings file at an album's root.
    static let fileName = "cascade.json"

    /// Every key `cascade.json` knows: each build option's (``BuildOption/key``,
    /// its long flag in camelCase) and `serve`'s object.
    static var keys: [String] { BuildOption.all.map(\.key) + ["serve", "privateKey"] }
    static let serveKeys = ["port", "host"]

    /// Parses the text of a `cascade.json`. Pure: `displayPath` only names
    /// the file in errors, each at the line and column of the key at fault.
    ///
    ///     { "output": "../public", "strict": true, "quality": 85,
    ///       "serve": { "port": 8080 } }
    static func parse(_ bytes: [UInt8], displayPath: String) throws(BuildError) -> BuildSettings {
        let source = JSONSource(bytes: bytes)
        let root: Any
        do throws(JSONSource.SyntaxError) {
            root = try source.parse()
        } catch {
            throw .settingsInvalid(path: displayPath, location: error.location, problem: .invalidJSON(detail: error.detail))
        }
        func fail(_ problem: SettingsProblem, at keys: [String]) -> BuildError {
            .settingsInvalid(path: displayPath, location: source.location(of: keys), problem: problem)
        }
        guard let object = root as? [String: Any] else {
            throw .settingsInvalid(path: displayPath, location: nil, problem: .notAnObject)
        }
        var settings = BuildSettings()
        for key in object.keys.sorted() {
            if let option = BuildOption.named(key) {
                switch option.fromJSON(object[key] as Any) {
                case .value(let value): settings.values[key] = value
                case .problem(let expected): throw fail(.badValue(key: key, expected: expected), at: [key])
                }
                continue
            }
            switch key {
            case "privateKey":
                // The message names the key, never its value.
                guard let text = object[key] as? String, let privateKey = PrivateKey(text) else {
                    throw fail(.badValue(key: key, expected: PrivateKey.expected), at: [key])
                }
                settings.privateKey = privateKey
            case "serve":
                guard let serve = object[key] as? [String: Any] else {
                    throw fail(.badValue(key: key, expected: "an object with \"port\" and \"host\""), at: [key])
                }
                for name in serve.keys.sorted() {
                    let field = JSONValue(serve[name] as Any)
                    switch name {
                    case "port":
                        guard let port = field.integer(in: portRange) else {
                            throw fail(.badValue(key: "serve.port", expected: "a whole number from 0 to 65535"), at: [key, name])
                        }
                        settings.port = port
                    case "host":
                        guard let host = field.path else {
                            throw fail(.badValue(key: "serve.host", expected: "an address such as \"127.0.0.1\""), at: [key, name])
                        }
                        settings.host = host
                    default:
                        throw fail(.unknownKey(key: "serve.\(name)", suggestion: Suggestion.closest(to: name, among: serveKeys),
                                               expected: serveKeys), at: [key, name])
                    }
                }
            default:
                throw fail(.unknownKey(key: key, suggestion: Suggestion.closest(to: key, among: keys), expected: keys),
                           at: [key])
            }
        }
        for option in BuildOption.all where settings.value(option.key) == true {
            if let required = option.requires, settings.value(required) != true {
                throw fail(.contradiction("\"\(option.key)\" only applies with \"\(required)\": true"), at: [option.key])
            }
            // Reported at the later key of the two, once.
            if let excluded = option.excludes, excluded > option.key, settings.value(excluded) == true {
                throw fail(.contradiction("\"\(option.key)\" and \"\(excluded)\" contradict each other; choose one"), at: [excluded])
            }
        }
        return settings
    }
}
