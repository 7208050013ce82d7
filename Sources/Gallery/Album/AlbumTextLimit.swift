/// How long a string in `album.json` may be, and the check that finds the
/// first one that is longer, so the build fails naming the field before
/// anything is rendered.
///
/// Every string there ends up in pages: a title in `<title>`, `og:title` and
/// every photo page's breadcrumbs, alt text in an `alt` attribute. The
/// markup check (libxml2) refuses an attribute value over 10,000,000 bytes
/// ("AttValue length too long", with no word of which file set it), and an
/// 11 MB title costs some twenty seconds of rendering before that. 1 MiB keeps
/// one value a tenth of that limit — a page joins at most two (`<title>`: the
/// photo's and the album's) — and is what a whole sidecar file (`index.md`,
/// `IMG_1.md`) may hold; far more than any title or caption needs.
enum AlbumTextLimit {
    /// The most UTF-8 bytes one string (value or key) of `album.json` may have.
    static let maxBytes = 1 << 20

    /// album.json's own structure is four levels deep at most
    /// (`photos` → a name → `keywords` → a keyword); anything deeper is a
    /// wrong type, reported as such without its text.
    static let maxDepth = 8

    /// A string over the limit: where it is and how long.
    struct TooLong: Equatable {
        /// The object keys down to it (an array element: its array's key; a
        /// key: itself), for ``JSONKeyLocator``.
        var keys: [String]
        /// How a message names it: `"title"`, `photos["a.jpg"].caption`,
        /// `photos["a.jpg"].keywords[2]`, `a name in "photos"`.
        var field: String
        /// Its length in UTF-8 bytes.
        var bytes: Int
    }

    /// One step down from the top level: an object's key or an array's index.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The first string longer than ``maxBytes`` in `object` (keys in sorted
    /// order, the order the other checks report in; a key before its value),
    /// or nil when every one fits.
    static func firstTooLong(in object: [String: Any]) -> TooLong? {
        firstTooLong(in: object, at: [])
    }

    private static func firstTooLong(in value: Any, at steps: [Step]) -> TooLong? {
        guard steps.count <= maxDepth else { return nil }
        if let text = value as? String {
            let bytes = text.utf8.count
            return bytes > maxBytes ? TooLong(keys: keys(of: steps), field: field(steps), bytes: bytes) : nil
        }
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                let bytes = key.utf8.count
                if bytes > maxBytes {
                    return TooLong(keys: keys(of: steps) + [key], field: keyField(steps), bytes: bytes)
                }
                if let found = firstTooLong(in: object[key] as Any, at: steps + [.key(key)]) { return found }
            }
        } else if let list = value as? [Any] {
            for (index, element) in list.enumerated() {
                if let found = firstTooLong(in: element, at: steps + [.index(index)]) { return found }
            }
        }
        return nil
    }

    /// The object keys among `steps`.
    static func keys(of steps: [Step]) -> [String] {
        steps.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// A value's name in the style of the other album.json messages: a top-level
    /// key quoted (`"title"`, `"order"[2]`), a photo's field after its name
    /// (`photos["a.jpg"].caption`, `photos["a.jpg"].keywords[0]`).
    static func field(_ steps: [Step]) -> String {
        guard case .key(let first)? = steps.first else { return "a value" }
        var text = "\"\(first)\""
        if steps.count > 1, case .key = steps[1] { text = first }
        for (depth, step) in steps.enumerated().dropFirst() {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += depth == 1 ? "[\"\(key)\"]" : ".\(key)"
            }
        }
        return text
    }

    /// A key's name: it is too long to quote, so its object is named instead.
    static func keyField(_ steps: [Step]) -> String {
        steps.isEmpty ? "a key" : "a name in \(field(steps))"
    }
}
