import SourcePosition

extension Theme {
    /// The strings of every language the site uses, by tag as written: the
    /// settings' (`--language`, `cascade.json`; English when unset) and each
    /// `album.json`'s. A language the theme has no strings for fails here,
    /// before any photo is opened; with `strict` (`--strict-templates`) so
    /// does one whose strings leave out a key English has.
    func languages(of tree: Album, root: AlbumFolder, site: String?, strict: Bool) throws(BuildError) -> [String: LanguageStrings] {
        var result: [String: LanguageStrings] = [:]
        func add(_ tag: String, setIn file: String?, at location: SourceLocation?) throws(BuildError) {
            guard result[tag] == nil else { return }
            guard let found = strings.strings(for: tag) else {
                throw .unknownLanguage(language: tag, setIn: file, location: location, theme: displayPath,
                                       available: strings.languages)
            }
            if strict { try strings.checkComplete(tag) }
            result[tag] = found
        }
        try add(site ?? Self.defaultLanguage, setIn: nil, at: nil)
        for album in tree.allAlbums {
            guard let tag = album.config.language else { continue }
            try add(tag, setIn: root.display((album.path + [AlbumConfig.fileName]).joined(separator: "/")),
                    at: album.config.languageLocation)
        }
        return result
    }

    /// The language of a site that names none.
    static let defaultLanguage = "en"
}
