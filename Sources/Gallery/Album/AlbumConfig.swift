import Foundation

/// The optional `album.json` in an album folder: title, description and
/// per-photo captions. Written by `cascade init`; everything in it is optional.
///
///     {
///       "title": "Iceland 2024",
///       "description": "Two weeks around the ring road.",
///       "photos": {
///         "IMG_0412.jpg": { "caption": "Fjord at dawn", "alt": "A fjord under pink clouds", "date": "2024-05-12 05:40" }
///       }
///     }
///
/// Values are plain text: `<b>` shows as `<b>`. Unknown keys are errors, so a
/// typo (`"captoin"`) does not silently do nothing.
struct AlbumConfig: Sendable, Equatable {
    static let fileName = "album.json"

    var title: String?
    var description: String?
    /// Details by file name (compared as Unicode text, so NFC and NFD match).
    var photos: [String: PhotoDetails]

    init(title: String? = nil, description: String? = nil, photos: [String: PhotoDetails] = [:]) {
        self.title = title
        self.description = description
        self.photos = photos
    }

    /// Reads `album.json` in `album`; an empty config when there is none.
    static func read(_ album: AlbumFolder) throws(BuildError) -> AlbumConfig {
        let path = album.path(of: fileName)
        let display = album.display(fileName)
        var info = stat()
        guard lstat(path, &info) == 0 else { return AlbumConfig() }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .albumConfigInvalid(path: display, problem: .notRegularFile)
        }
        guard let bytes = try? FileIO.read(path) else {
            throw .albumConfigInvalid(path: display, problem: .unreadable)
        }
        return try parse(Data(bytes), displayPath: display)
    }

    /// Parses the JSON text of an `album.json`.
    static func parse(_ data: Data, displayPath: String) throws(BuildError) -> AlbumConfig {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "is not valid JSON"
            throw .albumConfigInvalid(path: displayPath, problem: .invalidJSON(detail: reason))
        }
        func fail(_ problem: AlbumConfigProblem) -> BuildError { .albumConfigInvalid(path: displayPath, problem: problem) }
        guard let object = root as? [String: Any] else { throw fail(.notAnObject) }
        var config = AlbumConfig()
        for key in object.keys.sorted() {
            let value = object[key]
            switch key {
            case "title":
                guard let text = value as? String else { throw fail(.wrongType(field: "\"title\"", expected: "a string")) }
                config.title = PhotoDetails.cleaned(text)
            case "description":
                guard let text = value as? String else { throw fail(.wrongType(field: "\"description\"", expected: "a string")) }
                config.description = Self.paragraphs(text)
            case "photos":
                guard let photos = value as? [String: Any] else { throw fail(.wrongType(field: "\"photos\"", expected: "an object of file names")) }
                for name in photos.keys.sorted() {
                    guard let fields = photos[name] as? [String: Any] else {
                        throw fail(.wrongType(field: "photos[\"\(name)\"]", expected: "an object"))
                    }
                    config.photos[name] = try details(fields, photo: name, fail: fail)
                }
            default:
                throw fail(.unknownKey(key: key, in: nil, expected: ["title", "description", "photos"]))
            }
        }
        return config
    }

    private static func details(_ fields: [String: Any], photo name: String,
                                fail: (AlbumConfigProblem) -> BuildError) throws(BuildError) -> PhotoDetails {
        var details = PhotoDetails()
        for key in fields.keys.sorted() {
            guard let text = fields[key] as? String else { throw fail(.wrongType(field: "photos[\"\(name)\"].\(key)", expected: "a string")) }
            switch key {
            case "caption": details.caption = PhotoDetails.cleaned(text)
            case "alt": details.alt = PhotoDetails.cleaned(text)
            case "camera": details.camera = PhotoDetails.cleaned(text)
            case "date":
                guard text.trimmingCharacters(in: .whitespaces).isEmpty || PhotoDate(parsing: text) != nil else {
                    throw fail(.badDate(photo: name, text: text))
                }
                details.date = PhotoDate(parsing: text)
            default:
                throw fail(.unknownKey(key: key, in: "photos[\"\(name)\"]", expected: ["caption", "alt", "date", "camera"]))
            }
        }
        return details
    }

    /// Description text with each line cleaned; blank lines kept as paragraph breaks.
    static func paragraphs(_ text: String) -> String? {
        let paragraphs = text.components(separatedBy: "\n\n").compactMap { PhotoDetails.cleaned($0) }
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }
}
