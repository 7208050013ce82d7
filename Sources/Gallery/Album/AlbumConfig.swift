import Foundation
import SourcePosition

/// The optional `album.json` in an album folder (the root or any
/// sub-album): title, description, cover, sort order, hidden entries and
/// per-photo details. Written by `cascade init`; everything is optional.
///
///     {
///       "title": "Iceland 2024",
///       "description": "Two weeks around the ring road.",
///       "cover": "IMG_0412.jpg",
///       "sort": "date",
///       "order": ["IMG_0412.jpg", "Westfjords"],
///       "hidden": ["IMG_0413.jpg"],
///       "photos": {
///         "IMG_0412.jpg": { "title": "Dawn", "caption": "Fjord at dawn", "alt": "A fjord under pink clouds",
///                           "keywords": ["fjord", "dawn"], "date": "2024-05-12 05:40" }
///       }
///     }
///
/// `"keywordAlbums": true` in the root's `album.json` also publishes an
/// album per keyword. `"language": "fr"` sets the language of the album's
/// pages and of the albums below it that set none. `"details": false` hides
/// the camera details (camera, lens, exposure) of this album's photos and of
/// the albums below it that set none. `"raw": "link"` offers the camera RAWs recorded beside
/// JPEGs for download with `--originals` (``RawPairing``), here and below; `"raw": "none"`
/// stops it. `"zip": "large"` (or `"originals"`, or `false`) sets the album's download, and that of
/// the albums below it that set none, over `--zip`. `cover` names a photo of this album or one of its sub-albums (whose
/// cover is then used). `sort` is inherited by sub-albums that do not set
/// their own. `order` and `hidden` name photos and sub-albums alike.
/// Values are plain text: `<b>` shows as `<b>`. Unknown keys and wrong types
/// are errors naming the key, so a typo (`"captoin"`) does not silently do nothing;
/// `"watermark"` marks the album's large renditions (``WatermarkSpec``) and `"copyright"` credits its photo pages
/// and stripped originals, here and below (``AlbumTreatments``).
/// `"private": "unlisted"` keeps a sub-album out of every list (``AlbumPrivacy``);
/// `"private": "password"` also publishes it only encrypted, its password in
/// the environment variable `"passwordVariable"` names (``AlbumPasswords``);
/// so is a text over ``AlbumTextLimit/maxBytes``.
struct AlbumConfig: Sendable, Equatable {
    static let fileName = "album.json"
    static let keys = ["title", "description", "cover", "sort", "order", "hidden", "photos", "keywordAlbums", "language", "details", "raw", "private", "zip", "watermark", "copyright", "passwordVariable"]
    static let photoKeys = ["title", "caption", "alt", "keywords", "date", "camera"]

    var title: String?
    var description: String?
    var cover: String?
    var sort: AlbumSort?
    var order: [String] = []
    /// Names (NFC) of photos and sub-albums left out of the site.
    var hidden: Set<String> = []
    /// Root only: also publish one album per keyword (`keywords/<keyword>/`).
    var keywordAlbums: Bool?
    /// The language of this album's pages and those below it that set none
    /// (`"fr"`, `"pt-BR"`): the theme's strings for it must exist.
    var language: String?
    /// Whether photo pages show camera details (camera, lens, exposure);
    /// nil inherits the parent's (shown at the root).
    var details: Bool?
    /// Whether a photo's camera RAW companion is offered for download; nil inherits the
    /// parent's (not offered at the root).
    var raw: RawPairing.Policy?
    /// `"private"`: an unlisted album (``AlbumPrivacy``); never the root's.
    var privacy: AlbumPrivacy?
    /// `"passwordVariable"`: the environment variable holding a password
    /// album's password (``AlbumPasswords``); nil is `CASCADE_ALBUM_PASSWORD`.
    /// Only the variable's name is written here, never the password.
    var passwordVariable: String?
    /// The album's download (`"large"`, `"originals"` or `false`); nil
    /// inherits the parent's (at the root, `--zip`'s).
    var zip: AlbumZip?
    /// The watermark on this album's renditions and those below it that set none (``WatermarkSpec``).
    var watermark: WatermarkSpec.Setting?
    /// The credit on this album's photo pages and published originals, and those below it that set none.
    var copyright: String?
    /// Where `language` is written, for the error when the theme lacks it.
    var languageLocation: SourceLocation?
    /// Details by file name (NFC, so NFC and NFD spellings match).
    var photos: [String: PhotoDetails]

    init(title: String? = nil, description: String? = nil, photos: [String: PhotoDetails] = [:]) {
        self.title = title
        self.description = description
        self.photos = photos
    }

    /// The details `album.json` gives the photo named `name`.
    func details(of name: String) -> PhotoDetails? { photos[NameKey.of(name)] }

    /// Whether `name` (a photo or sub-album) is listed in `hidden`.
    func hides(_ name: String) -> Bool { hidden.contains(NameKey.of(name)) }

    /// Reads `album.json` in the folder `folder` (names from the root) of
    /// `album`; an empty config when there is none.
    static func read(_ album: AlbumFolder, folder: [String] = []) throws(BuildError) -> AlbumConfig {
        let relative = (folder + [fileName]).joined(separator: "/")
        let path = album.path(of: relative)
        let display = album.display(relative)
        var info = stat()
        guard lstat(path, &info) == 0 else { return AlbumConfig() }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .albumConfigInvalid(path: display, problem: .notRegularFile)
        }
        guard let bytes = try? FileIO.read(path) else {
            throw .albumConfigInvalid(path: display, problem: .unreadable)
        }
        var config = try parse(Data(bytes), displayPath: display)
        config.watermark = config.watermark?.placed(in: folder)
        // Read here, with the text at hand, so the error names the key's line.
        if !folder.isEmpty, config.keywordAlbums != nil {
            throw .albumConfigInvalid(path: display, location: JSONSource(bytes: bytes).location(of: ["keywordAlbums"]),
                                      problem: .rootOnly(key: "keywordAlbums"))
        }
        if folder.isEmpty, config.privacy != nil {
            throw .albumConfigInvalid(path: display, location: JSONSource(bytes: bytes).location(of: ["private"]),
                                      problem: .notForRoot(key: "private"))
        }
        return config
    }

    /// Parses the JSON text of an `album.json`.
    static func parse(_ data: Data, displayPath: String) throws(BuildError) -> AlbumConfig {
        let source = JSONSource(bytes: Array(data))
        let root: Any
        do throws(JSONSource.SyntaxError) {
            root = try source.parse()
        } catch {
            throw .albumConfigInvalid(path: displayPath, location: error.location, problem: .invalidJSON(detail: error.detail))
        }
        /// The error for `problem`, at the key `keys` (from the top level down) when the text has it.
        func fail(_ problem: AlbumConfigProblem, at keys: [String]) -> BuildError {
            .albumConfigInvalid(path: displayPath, location: source.location(of: keys), problem: problem)
        }
        guard let object = root as? [String: Any] else { throw .albumConfigInvalid(path: displayPath, problem: .notAnObject) }
        // Before any key is read: a message never quotes a text of megabytes, and no page is rendered with one.
        if let long = AlbumTextLimit.firstTooLong(in: object) {
            throw fail(.tooLong(field: long.field, bytes: long.bytes, limit: AlbumTextLimit.maxBytes), at: long.keys)
        }
        var config = AlbumConfig()
        for key in object.keys.sorted() {
            let value = object[key]
            func text() throws(BuildError) -> String {
                guard let text = value as? String else { throw fail(.wrongType(field: "\"\(key)\"", expected: "a string"), at: [key]) }
                return text
            }
            func names() throws(BuildError) -> [String] {
                guard let list = value as? [Any], let names = list as? [String] else {
                    throw fail(.wrongType(field: "\"\(key)\"", expected: "a list of file or folder names"), at: [key])
                }
                return names
            }
            switch key {
            case "title": config.title = PhotoDetails.cleaned(try text())
            case "description": config.description = Self.paragraphs(try text())
            case "cover":
                let name = try text()
                config.cover = name.trimmingCharacters(in: .whitespaces).isEmpty ? nil : name
            case "sort":
                let name = try text()
                guard let sort = AlbumSort(rawValue: name) else {
                    throw fail(.badSort(text: name, expected: AlbumSort.allCases.map(\.rawValue)), at: [key])
                }
                config.sort = sort
            case "order": config.order = try names()
            case "language":
                guard let tag = value as? String, LanguageTag.isValid(tag) else {
                    throw fail(.wrongType(field: "\"language\"", expected: LanguageTag.example), at: [key])
                }
                config.language = tag
                config.languageLocation = source.location(of: [key])
            case "keywordAlbums":
                guard let flag = JSONValue(value as Any).bool else {
                    throw fail(.wrongType(field: "\"keywordAlbums\"", expected: "true or false"), at: [key])
                }
                config.keywordAlbums = flag
            case "details":
                guard let flag = JSONValue(value as Any).bool else {
                    throw fail(.wrongType(field: "\"details\"", expected: "true or false"), at: [key])
                }
                config.details = flag
            case "raw":
                guard let text = value as? String, let policy = RawPairing.Policy(rawValue: text) else {
                    throw fail(.wrongType(field: "\"raw\"", expected: "\"link\" or \"none\""), at: [key])
                }
                config.raw = policy
            case "private":
                guard let text = value as? String, let privacy = AlbumPrivacy(rawValue: text) else {
                    throw fail(.wrongType(field: "\"private\"",
                                          expected: AlbumPrivacy.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")),
                               at: [key])
                }
                config.privacy = privacy
            case "passwordVariable":
                guard let name = value as? String, AlbumPasswords.isVariableName(name) else {
                    throw fail(.wrongType(field: "\"passwordVariable\"",
                                          expected: "the name of an environment variable (letters, digits, _)"), at: [key])
                }
                config.passwordVariable = name
            case "zip":
                guard let zip = AlbumZip(json: value as Any) else {
                    throw fail(.wrongType(field: "\"zip\"", expected: "\"large\", \"originals\" or false"), at: [key])
                }
                config.zip = zip
            case "watermark": config.watermark = try WatermarkSpec.setting(value as Any, folder: [], fail: fail)
            case "copyright":
                guard let text = value as? String else { throw fail(.wrongType(field: "\"copyright\"", expected: "a string"), at: [key]) }
                config.copyright = PhotoDetails.cleaned(text)
            case "hidden": config.hidden = Set(try names().map(NameKey.of))
            case "photos":
                guard let photos = value as? [String: Any] else { throw fail(.wrongType(field: "\"photos\"", expected: "an object of file names"), at: [key]) }
                for name in photos.keys.sorted() {
                    guard let fields = photos[name] as? [String: Any] else {
                        throw fail(.wrongType(field: "photos[\"\(name)\"]", expected: "an object"), at: [key, name])
                    }
                    config.photos[NameKey.of(name)] = try details(fields, photo: name, fail: fail)
                }
            default:
                throw fail(.unknownKey(key: key, in: nil, expected: keys), at: [key])
            }
        }
        return config
    }

    private static func details(_ fields: [String: Any], photo name: String,
                                fail: (AlbumConfigProblem, [String]) -> BuildError) throws(BuildError) -> PhotoDetails {
        var details = PhotoDetails()
        for key in fields.keys.sorted() {
            let field = "photos[\"\(name)\"].\(key)"
            let at = ["photos", name, key]
            if key == "keywords" {
                guard let list = fields[key] as? [Any], let words = list as? [String] else {
                    throw fail(.wrongType(field: field, expected: "a list of strings"), at)
                }
                details.keywords = PhotoDetails.keywords(words)
                continue
            }
            guard let text = fields[key] as? String else { throw fail(.wrongType(field: field, expected: "a string"), at) }
            switch key {
            case "title": details.title = PhotoDetails.cleaned(text)
            case "caption": details.caption = PhotoDetails.cleaned(text)
            case "alt": details.alt = PhotoDetails.cleaned(text)
            case "camera": details.camera = PhotoDetails.cleaned(text)
            case "date":
                guard text.trimmingCharacters(in: .whitespaces).isEmpty || PhotoDate(parsing: text) != nil else {
                    throw fail(.badDate(photo: name, text: text), at)
                }
                details.date = PhotoDate(parsing: text)
                details.dateSource = details.date == nil ? nil : .albumJSON
            default:
                throw fail(.unknownKey(key: key, in: "photos[\"\(name)\"]", expected: photoKeys), at)
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
