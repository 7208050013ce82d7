/// What `picasa.ini` says about one photo: its `[FILE.jpg]` section.
struct PicasaEntry: Sendable, Equatable {
    /// `caption=`, cleaned.
    var caption: String?
    /// `keywords=`, split at commas (a comma inside a keyword is `&#44;`),
    /// each trimmed, empty ones and repeats dropped, in the file's order.
    var keywords: [String]
    /// `star=yes`: starred in Picasa; thumbsup calls it a favourite.
    var starred: Bool

    init(caption: String? = nil, keywords: [String] = [], starred: Bool = false) {
        self.caption = caption
        self.keywords = keywords
        self.starred = starred
    }

    /// True when the section held nothing Cascade uses (filters, faces, hashes).
    var isEmpty: Bool { self == PicasaEntry() }
}
