/// A folder's `picasa.ini` (Picasa 3 writes `.picasa.ini`, older versions
/// `Picasa.ini`; thumbsup reads `picasa.ini`): the album's title and
/// description from the `[Picasa]` section, and per photo a caption,
/// keywords and a star from the `[FILE.jpg]` sections.
///
///     [Picasa]
///     name=Summer at the lake
///     description=Two weeks&#44; one lake.
///     [IMG_1.jpg]
///     caption=Jetty at dawn
///     keywords=lake,jetty
///     star=yes
///
/// Values are decoded the way Picasa writes them: `&#NN;` character
/// references (Picasa's escape for commas) and `\n` for a line break.
/// Everything else Picasa keeps there (filters, faces, `[.album:…]`
/// collections, backup hashes) is ignored. Malformed lines are skipped.
/// Read at build time when present, below `album.json` and sigal's files and
/// above XMP (see ``MetadataSource``).
struct PicasaIndex: Sendable, Equatable {
    /// The names Picasa and its readers give the file, in the order a folder is searched.
    static let fileNames = [".picasa.ini", "picasa.ini", "Picasa.ini"]

    /// `[Picasa] name=`: the album's title.
    var albumTitle: String?
    /// `[Picasa] description=`: paragraphs separated by `\n\n`.
    var albumDescription: String?
    /// Entries by file name in NFC (``SidecarName/key(_:)``); photos whose
    /// sections held nothing Cascade uses are left out.
    var photos: [String: PicasaEntry]

    init(albumTitle: String? = nil, albumDescription: String? = nil, photos: [String: PicasaEntry] = [:]) {
        self.albumTitle = albumTitle
        self.albumDescription = albumDescription
        self.photos = photos
    }

    /// Parses the text of a `picasa.ini`. Never fails.
    init(parsing text: String) {
        self.init()
        // nil: before the first section, in an ignored one, or after a malformed header.
        var section: String?
        var fields: [String: [String: String]] = [:]
        var order: [String] = []
        for line in SidecarText.lines(text) {
            switch IniLine(line) {
            case .section(let name):
                section = name.hasPrefix(".album:") ? nil : SidecarName.key(name)
                if let section, fields[section] == nil {
                    fields[section] = [:]
                    order.append(section)
                }
            case .pair(let key, let value):
                // A repeated key: the last one wins, as thumbsup's INI reader has it.
                if let section { fields[section]?[key] = value }
            case .malformedSection:
                section = nil
            case .malformed, .blank:
                break
            }
        }
        for name in order {
            let values = fields[name]!
            if name.lowercased() == "picasa" {
                albumTitle = PhotoDetails.cleaned(values["name"].map { Self.decoded($0) })
                albumDescription = values["description"].flatMap { AlbumConfig.paragraphs(Self.decoded($0)) }
                continue
            }
            let entry = PicasaEntry(caption: PhotoDetails.cleaned(values["caption"].map { Self.decoded($0) }),
                                    keywords: Self.keywords(values["keywords"] ?? ""),
                                    starred: values["star"]?.lowercased() == "yes")
            if !entry.isEmpty { photos[name] = entry }
        }
    }

    /// The entry for the photo named `name`: the same name in any Unicode
    /// normalisation, or else the one entry whose name differs only in case
    /// (Picasa ran on Windows, where `IMG_1.JPG` and `img_1.jpg` are one file).
    func entry(forPhoto name: String) -> PicasaEntry? {
        let key = SidecarName.key(name)
        if let entry = photos[key] { return entry }
        let folded = key.lowercased()
        let matches = photos.filter { $0.key.lowercased() == folded }
        return matches.count == 1 ? matches.first?.value : nil
    }

    /// `a, b,a,,c` → `[a, b, c]`; commas split before references are decoded, so `&#44;` stays inside a keyword.
    static func keywords(_ value: String) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for part in value.split(separator: ",") {
            guard let keyword = PhotoDetails.cleaned(decoded(String(part))), seen.insert(keyword).inserted else { continue }
            result.append(keyword)
        }
        return result
    }

    /// Picasa's escapes undone: `&#44;` → `,`, `&amp;` → `&`, `\n` → a line break.
    static func decoded(_ value: String) -> String {
        let chars = Array(value)
        var result = ""
        var i = 0
        while i < chars.count {
            if chars[i] == "&", let (character, end) = HTMLEntity.decode(chars, at: i) {
                result.append(character)
                i = end
            } else if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "n" {
                result.append("\n")
                i += 2
            } else {
                result.append(chars[i])
                i += 1
            }
        }
        return result
    }
}
