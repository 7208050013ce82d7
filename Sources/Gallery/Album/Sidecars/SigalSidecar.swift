/// What a sigal sidecar says: an album's `index.md` or a photo's `NAME.md`
/// (`IMG_1.md` for `IMG_1.jpg`, as sigal names it).
///
///     Title: Another example gallery
///     Thumbnail: test2.jpg
///     Author: John Doe
///
///     And a description with *Markdown* syntax.
///
/// The header is read as Python-Markdown's `meta` extension reads it (see
/// ``MarkdownMetaHeader``); the body is rendered (see ``MarkdownHTML``): the
/// album's description or the photo's caption, as safe HTML and as plain text.
/// Read at build time when present, below `album.json` and above XMP (see
/// ``MetadataSource``).
struct SigalSidecar: Sendable, Equatable {
    /// The album's description file.
    static let albumFileName = "index.md"

    /// `Title:`, cleaned; sigal uses the first value.
    var title: String?
    /// `Thumbnail:`: the album cover, a file name in the folder (sigal also
    /// accepts a sub-album's name here in newer versions).
    var cover: String?
    /// `Author:`, which sigal shows instead of the site's author.
    var author: String?
    /// `Date:` when it parses (`2020-01-01T09:00:00`); sigal uses it when EXIF has none.
    var date: PhotoDate?
    /// `Sort:` as written; no sigal release reads it, some themes and forks do.
    var sort: String?
    /// The Markdown body as plain text: paragraphs separated by `\n\n`.
    var text: String?
    /// The Markdown body as safe HTML (``MarkdownHTML``); set exactly when ``text`` is.
    var html: String?
    /// Every other key (lowercased) with its values joined by `\n`, for
    /// templates; iterate through ``sortedMeta`` for a stable order.
    var meta: [String: String]

    init(title: String? = nil, cover: String? = nil, author: String? = nil, date: PhotoDate? = nil,
         sort: String? = nil, text: String? = nil, html: String? = nil, meta: [String: String] = [:]) {
        self.title = title
        self.cover = cover
        self.author = author
        self.date = date
        self.sort = sort
        self.text = text
        self.html = html
        self.meta = meta
    }

    /// `IMG_1.jpg` → `IMG_1.md`: the sidecar sigal reads for a photo.
    static func fileName(forPhoto name: String) -> String {
        SidecarName.stem(name) + ".md"
    }

    /// The keys this type gives fields of their own; the rest go to ``meta``.
    static let knownKeys: Set<String> = ["title", "thumbnail", "author", "date", "sort"]

    /// Parses a sidecar's text. Never fails: what cannot be read is left out.
    init(parsing text: String) {
        let header = MarkdownMetaHeader(lines: SidecarText.lines(text))
        func first(_ key: String) -> String? {
            header.values[key].flatMap { $0.split(separator: "\n", maxSplits: 1).first.map(String.init) }
        }
        let body = MarkdownHTML.render(header.body)
        self.init(title: PhotoDetails.cleaned(first("title")),
                  cover: first("thumbnail").flatMap { PhotoDetails.cleaned($0) }.map(SidecarName.key),
                  author: PhotoDetails.cleaned(header.values["author"]),
                  date: first("date").flatMap(PhotoDate.init(parsing:)),
                  sort: PhotoDetails.cleaned(first("sort")),
                  text: body?.text, html: body?.html,
                  meta: header.values.filter { !Self.knownKeys.contains($0.key) })
    }

    /// ``meta`` in key order.
    var sortedMeta: [(key: String, value: String)] {
        meta.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// True when the file said nothing Cascade can use.
    var isEmpty: Bool { self == SigalSidecar() }
}
