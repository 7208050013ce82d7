import Foundation
import SourcePosition

/// The strings of one language as one file gives them, with where each key
/// is written so a problem found later (a wrong kind of value, a missing
/// translation) is reported at its line and column.
///
///     { "pluralRule": "zero-one-million",
///       "photos": {"one": "{count} photo", "many": "{count} de photos", "other": "{count} photos"},
///       "previous": "Précédente",
///       "months": ["janvier", "février", …] }
public struct StringsTable: Sendable, Equatable {
    var entries: [String: StringsEntry]
    /// Each key's place in its file; empty for the built-in table.
    var locations: [String: SourceLocation] = [:]

    public init(entries: [String: StringsEntry]) {
        self.entries = entries
    }

    /// Parses a strings file's text. Pure: `displayPath` only names the file in errors.
    static func parse(_ bytes: [UInt8], displayPath: String) throws(BuildError) -> StringsTable {
        let source = JSONSource(bytes: bytes)
        let root: Any
        do throws(JSONSource.SyntaxError) {
            root = try source.parse()
        } catch {
            throw .stringsInvalid(path: displayPath, location: error.location, problem: .invalidJSON(detail: error.detail))
        }
        guard let object = root as? [String: Any] else {
            throw .stringsInvalid(path: displayPath, location: nil, problem: .notAnObject)
        }
        var table = StringsTable(entries: [:])
        for key in object.keys.sorted() {
            let location = source.location(of: [key])
            guard let entry = entry(object[key] as Any) else {
                throw .stringsInvalid(path: displayPath, location: location,
                                      problem: .badValue(key: key, expected: "a string, a list of strings, "
                                                         + "an object of plural forms with \"other\", or a whole number"))
            }
            table.entries[key] = entry
            table.locations[key] = location
        }
        return table
    }

    /// A JSON value as an entry, or nil when it is none of the kinds.
    private static func entry(_ value: Any) -> StringsEntry? {
        if let text = value as? String { return .text(text) }
        if let list = value as? [Any] {
            guard let texts = list as? [String] else { return nil }
            return .list(texts)
        }
        if let forms = value as? [String: Any] {
            var plural: [PluralCategory: String] = [:]
            for (name, form) in forms {
                guard let category = PluralCategory(rawValue: name), let text = form as? String else { return nil }
                plural[category] = text
            }
            return plural[.other] == nil ? nil : .plural(plural)
        }
        return JSONValue(value).integer(in: 0...1_000).map(StringsEntry.number)
    }
}
