import Foundation

/// The name each photo's page gets: `<slug>.html` beside `index.html`, and
/// the tile's id `p-<slug>` (so `index.html#p-<slug>` is the photo's place on
/// the album page and, with the viewer script, opens it there).
///
/// The slug is the file name without extension, NFC, with whitespace and
/// characters that are awkward in URLs, ids and file names (`/ \ ? # % & " '
/// < > : * | ^ { } [ ]` and controls) turned into `-`; letters of any
/// script stay. Slugs that collide case-insensitively (macOS and Windows
/// folders are case-insensitive) get `-2`, `-3`… in album order. `index`
/// and `page2`, `page3`… (any `page` and digits) are reserved for the album's
/// own pages (``PageModel/albumPageName(_:)``) whether or not the album is
/// long enough to need them, so a growing album never renames a photo; a
/// counter form (`x-2`) can never take one of them. Stable: adding a photo
/// never renames another, unless it takes a name that collides.
enum PhotoSlug {
    /// Slugs for `fileNames`, in the same order, all distinct.
    ///
    /// With `keepingExtensions`, names are taken whole (folder names and
    /// keywords have no extension to drop: `2024.05 Trip` stays one name).
    /// `reserving` are slugs no name may take (a sub-album folder called `x.html`).
    static func slugs(for fileNames: [String], keepingExtensions: Bool = false, reserving: [String] = []) -> [String] {
        var used: Set<String> = Set(["index"] + reserving.map { $0.lowercased() })
        // Sized once: grown from empty, the set of an album of 100,000 photos doubled some 17 times.
        used.reserveCapacity(used.count + fileNames.count)
        return fileNames.map { name in
            let base = keepingExtensions ? slug(stem: name) : slug(name)
            var candidate = base
            var counter = 2
            var key = folded(candidate)
            while used.contains(key) || isAlbumPageName(candidate) {
                candidate = "\(base)-\(counter)"
                counter += 1
                key = folded(candidate)
            }
            used.insert(key)
            return candidate
        }
    }

    /// `slug` lowercased, as collisions are judged; an ASCII slug with no
    /// capital (most camera names have some, `IMG_1234`) is its own.
    private static func folded(_ slug: String) -> String {
        let utf8 = slug.utf8
        if utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) { return slug }
        return slug.lowercased()
    }

    /// Whether `slug` is one of an album's own page names past the first,
    /// `page` and digits, in any case.
    static func isAlbumPageName(_ slug: String) -> Bool {
        let utf8 = slug.utf8
        guard utf8.count > 4, utf8.prefix(4).map({ $0 | 0x20 }) == Array("page".utf8) else { return false }
        return utf8.dropFirst(4).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// One file name's slug, before collisions are resolved.
    static func slug(_ fileName: String) -> String {
        var stem = fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        return slug(stem: stem)
    }

    private static let awkward = Set("/\\?#%&\"'<>:*|^{}[]`".unicodeScalars)

    private static let awkwardASCII: [Bool] = (0..<128).map { byte in
        byte < 0x21 || byte == 0x7F || awkward.contains(Unicode.Scalar(UInt8(byte)))
    }

    /// The slug of a name taken whole.
    static func slug(stem: String) -> String {
        // Most names (`IMG_1234`) are plain ASCII with nothing to change, and
        // come back as they are without the Unicode work below: 100,000 of
        // them are slugged twice per build.
        let utf8 = stem.utf8
        if let first = utf8.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"), utf8.count <= 96,
           utf8.allSatisfy({ $0 < 0x80 && !awkwardASCII[Int($0)] }) {
            return stem
        }
        return unicodeSlug(stem: stem)
    }

    /// ``slug(stem:)`` the long way, for any name.
    static func unicodeSlug(stem: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in stem.nfc.unicodeScalars {
            let category = scalar.properties.generalCategory
            let bad = awkward.contains(scalar) || scalar.properties.isWhitespace
                || category == .control || category == .format || category == .unassigned
                || category == .surrogate || category == .privateUse
            if bad {
                pendingDash = true
                continue
            }
            if pendingDash, !result.isEmpty { result += "-" }
            pendingDash = false
            result.unicodeScalars.append(scalar)
        }
        // No hidden files, no `..`, and short enough for any file system.
        while let first = result.unicodeScalars.first, first == "." || first == "-" {
            result.unicodeScalars.removeFirst()
        }
        while result.utf8.count > 96 { result.removeLast() }
        return result.isEmpty ? "photo" : result
    }
}
