import Foundation

extension BuildSettings {
    /// The settings file at an album's root.
    public static let fileName = "cascade.json"

    /// Every key `cascade.json` knows, as the command line's long options
    /// are spelt but in camelCase (`--max-megapixels` is `maxMegapixels`).
    public static let keys = ["output", "templates", "strict", "strictTemplates", "quality", "jobs", "maxMegapixels",
                              "linearLight", "formats", "originals", "keepMetadata", "video", "quiet", "verbose", "json", "baseURL",
                              "language", "order", "photosPerPage", "serve"]
    static let serveKeys = ["port", "host"]

    /// Parses the text of a `cascade.json`. Pure: `displayPath` only names
    /// the file in errors, each at the line and column of the key at fault.
    ///
    ///     { "output": "../public", "strict": true, "quality": 85,
    ///       "serve": { "port": 8080 } }
    public static func parse(_ bytes: [UInt8], displayPath: String) throws(BuildError) -> BuildSettings {
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
            let value = JSONValue(object[key] as Any)
            func expect<Value>(_ read: Value?, _ expected: String) throws(BuildError) -> Value {
                guard let read else { throw fail(.badValue(key: key, expected: expected), at: [key]) }
                return read
            }
            switch key {
            case "output": settings.output = try expect(value.path, "a folder path")
            case "templates": settings.templates = try expect(value.path, "a folder path")
            case "strict": settings.strict = try expect(value.bool, "true or false")
            case "strictTemplates": settings.strictTemplates = try expect(value.bool, "true or false")
            case "linearLight": settings.linearLight = try expect(value.bool, "true or false")
            case "originals": settings.originals = try expect(value.bool, "true or false")
            case "keepMetadata": settings.keepMetadata = try expect(value.bool, "true or false")
            case "video": settings.video = try expect(value.bool, "true or false")
            case "quiet": settings.quiet = try expect(value.bool, "true or false")
            case "verbose": settings.verbose = try expect(value.bool, "true or false")
            case "json": settings.json = try expect(value.bool, "true or false")
            case "baseURL":
                settings.baseURL = try expect((object[key] as? String).flatMap { BaseURL($0) }.map(\.text), BaseURL.expected)
            case "language":
                settings.language = try expect((object[key] as? String).flatMap { LanguageTag.isValid($0) ? $0 : nil },
                                               LanguageTag.example)
            case "order":
                settings.order = try expect((object[key] as? String).flatMap(GridOrder.init(rawValue:)), GridOrder.expected)
            case "formats":
                guard let names = object[key] as? [Any], let texts = names as? [String] else {
                    throw fail(.badValue(key: key, expected: "a list of format names such as [\"avif\", \"webp\", \"jpeg\"]"), at: [key])
                }
                switch RenditionFormat.parse(texts) {
                case .success(let formats): settings.formats = formats
                case .failure(let problem):
                    throw fail(.badValue(key: key, expected: "a list of " + RenditionFormat.names.map { "\"\($0)\"" }
                        .joined(separator: ", ") + "; it " + problem.description), at: [key])
                }
            case "photosPerPage":
                settings.photosPerPage = try expect(value.integer(in: photosPerPageRange),
                                                    "a whole number from 0 to 1000000 (0: every photo on one page)")
            case "quality": settings.quality = try expect(value.integer(in: qualityRange), "a whole number from 1 to 100")
            case "jobs": settings.jobs = try expect(value.integer(in: jobsRange), "a whole number from 1 to 256")
            case "maxMegapixels":
                settings.maxMegapixels = try expect(value.number.flatMap { $0 > 0 && $0 <= megapixelsLimit ? $0 : nil },
                                                    "a number above 0 and at most 10000")
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
        if settings.keepMetadata == true && settings.originals != true {
            throw fail(.contradiction("\"keepMetadata\" only applies with \"originals\": true"), at: ["keepMetadata"])
        }
        if settings.quiet == true && settings.verbose == true {
            throw fail(.contradiction("\"quiet\" and \"verbose\" contradict each other; choose one"), at: ["verbose"])
        }
        return settings
    }
}
