/// A theme's languages: its `strings/<tag>.json` files over built-in
/// English. Checked when the theme loads (each value of the kind English's
/// is, a known plural rule, twelve months); a key a language leaves out
/// shows English's, and is an error only under `--strict-templates`.
///
/// `fr-CA` is looked up as `fr-CA.json` over `fr.json` over English, so a
/// regional file need only hold what differs; its pages say `lang="fr-CA"`.
struct StringsCatalog: Sendable, Equatable {
    /// One strings file of the theme.
    struct File: Sendable, Equatable {
        /// The tag as the file is named (`pt-BR`).
        var tag: String
        /// The file as errors name it: `Templates/strings/fr.json`.
        var displayPath: String
        var table: StringsTable
    }

    /// The theme's files by lowercased tag.
    var files: [String: File] = [:]

    /// The languages the theme has strings for, English always among them.
    var languages: [String] {
        Set(files.values.map(\.tag) + ["en"]).sorted()
    }

    /// English as this theme has it: built in, under the theme's `en.json`.
    var englishEntries: [String: StringsEntry] {
        StringsTable.english.entries.merging(files["en"]?.table.entries ?? [:]) { _, theme in theme }
    }

    /// The strings for `tag`, or nil when neither it nor its language has a
    /// file (English always has the built-in table).
    func strings(for tag: String) -> LanguageStrings? {
        guard LanguageTag.isValid(tag) else { return nil }
        let chain = LanguageTag.lookupChain(tag)
        let layers = chain.compactMap { files[$0] }
        guard !layers.isEmpty || chain.first == "en" else { return nil }
        var entries = englishEntries
        for layer in layers where layer.tag.lowercased() != "en" {
            entries.merge(layer.table.entries) { _, own in own }
        }
        return LanguageStrings(language: tag, entries: entries)
    }

    /// Checks every file against English: same kind of value per key, a
    /// plural rule Cascade knows, twelve month names.
    func validate() throws(BuildError) {
        let english = englishEntries
        for key in files.keys.sorted() {
            let file = files[key]!
            for (name, entry) in file.table.entries.sorted(by: { $0.key < $1.key }) {
                func fail(_ expected: String) -> BuildError {
                    .stringsInvalid(path: file.displayPath, location: file.table.locations[name],
                                    problem: .badValue(key: name, expected: expected))
                }
                if let reference = (key == "en" ? StringsTable.english.entries[name] : english[name]),
                   !entry.isSameKind(as: reference) {
                    throw fail(reference.kindName)
                }
                switch (name, entry) {
                case ("pluralRule", .text(let rule)) where PluralRule(rawValue: rule) == nil:
                    throw fail("one of " + PluralRule.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
                case ("months", .list(let months)) where months.count != 12:
                    throw fail("a list of 12 month names")
                case ("groupMinimumDigits", .number(let digits)) where !(1...4).contains(digits):
                    throw fail("a whole number from 1 to 4")
                default: break
                }
            }
        }
    }

    /// `--strict-templates`: `tag`'s files (its own and its language's) must
    /// give every key English has, and no key English lacks.
    func checkComplete(_ tag: String) throws(BuildError) {
        let layers = LanguageTag.lookupChain(tag).compactMap { files[$0] }
        guard let last = layers.last, last.tag.lowercased() != "en" else { return }
        let english = englishEntries
        let given = Set(layers.flatMap(\.table.entries.keys))
        let missing = english.keys.filter { !given.contains($0) }.sorted()
        if !missing.isEmpty {
            throw .stringsInvalid(path: last.displayPath, location: nil, problem: .missingKeys(missing))
        }
        for layer in layers {
            if let unknown = layer.table.entries.keys.sorted().first(where: { english[$0] == nil }) {
                throw .stringsInvalid(path: layer.displayPath, location: layer.table.locations[unknown],
                                      problem: .unknownKey(key: unknown, suggestion: Suggestion.closest(
                                          to: unknown, among: english.keys.sorted())))
            }
        }
    }
}

extension StringsCatalog {
    /// Every file's tag and values in a fixed order, one line per value, for
    /// the theme's key (``MarkupVerdicts/themeKey(_:)``): edited strings change
    /// the pages, so the last build's pages cannot be kept.
    var canonicalText: String {
        var lines: [String] = []
        for key in files.keys.sorted() {
            let file = files[key]!
            lines.append("file " + JSONText.quoted(file.tag))
            for (name, entry) in file.table.entries.sorted(by: { $0.key < $1.key }) {
                switch entry {
                case .text(let text): lines.append(JSONText.quoted(name) + " text " + JSONText.quoted(text))
                case .number(let number): lines.append(JSONText.quoted(name) + " number \(number)")
                case .list(let items): lines.append(JSONText.quoted(name) + " list " + items.map(JSONText.quoted).joined(separator: " "))
                case .plural(let forms):
                    lines.append(JSONText.quoted(name) + " plural "
                        + forms.sorted { $0.key < $1.key }.map { $0.key.rawValue + " " + JSONText.quoted($0.value) }.joined(separator: " "))
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
