import Mustache

/// The interface text of one language, ready to use: the language's own
/// strings laid over English, so every key has a value, and the words a
/// page computes (counts, positions, dates) made from them. Pure and
/// deterministic: nothing comes from the host's locale or ICU data.
public struct LanguageStrings: Sendable, Equatable {
    /// The tag as the album or the settings wrote it, for `<html lang>`.
    public let language: String
    /// Every key, the language's value or else English's.
    let entries: [String: StringsEntry]
    let pluralRule: PluralRule
    /// ``templateValue(generator:)``'s object before `{generator}` is
    /// filled in, and the keys that name it: made once, not per page.
    let templateEntries: [String: Value]
    let generatorKeys: [String]
    /// ``templateValue(generator:)`` for ``Site/generator``, what every page
    /// of a build gets: made once, so a page costs no copy of the table.
    let siteTemplateValue: Value
    /// ``viewerJSON``, made once.
    let viewerJSON: String

    /// `entries` are complete (English under them); an unknown or missing
    /// `pluralRule` counts as English's.
    public init(language: String, entries: [String: StringsEntry]) {
        self.language = language
        self.entries = entries
        if case .text(let name)? = entries["pluralRule"], let rule = PluralRule(rawValue: name) {
            pluralRule = rule
        } else {
            pluralRule = .one
        }
        templateEntries = Self.templateEntries(entries)
        generatorKeys = entries.keys.filter {
            if case .text(let text)? = entries[$0] { return text.contains("{generator}") }
            return false
        }.sorted()
        viewerJSON = Self.viewerJSON(entries)
        siteTemplateValue = Self.templateValue(templateEntries, filling: generatorKeys, entries: entries,
                                               generator: Site.generator)
    }

    public static func == (lhs: LanguageStrings, rhs: LanguageStrings) -> Bool {
        lhs.language == rhs.language && lhs.entries == rhs.entries
    }

    /// Built-in English.
    static let english = LanguageStrings(language: "en", entries: StringsTable.english.entries)

    /// The text of `key` ("" when the key is not a text).
    public func text(_ key: String) -> String {
        if case .text(let text)? = entries[key] { return text }
        return ""
    }

    /// The pattern `key` with each `{name}` of `values` filled in.
    public func format(_ key: String, _ values: [String: String]) -> String {
        Self.fill(text(key), values)
    }

    /// `pattern` with each `{name}` of `values` filled in; other braces stay.
    /// Walked as UTF-8 (a brace is one byte, never part of another
    /// character's): asked as a `String`, `contains("{")` went through
    /// Foundation's locale-aware search, a few microseconds for each of the
    /// three texts of every tile.
    static func fill(_ pattern: String, _ values: [String: String]) -> String {
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        let utf8 = pattern.utf8
        guard var brace = utf8.firstIndex(of: open) else { return pattern }
        // Bytes, cut only at braces: the text between stays whole UTF-8.
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 16)
        var start = utf8.startIndex
        while true {
            result += utf8[start..<brace]
            let afterOpen = utf8.index(after: brace)
            if let end = utf8[afterOpen...].firstIndex(of: close),
               let value = values[String(decoding: utf8[afterOpen..<end], as: UTF8.self)] {
                result += value.utf8
                start = utf8.index(after: end)
            } else {
                result.append(open)
                start = afterOpen
            }
            guard let next = utf8[start...].firstIndex(of: open) else { break }
            brace = next
        }
        result += utf8[start...]
        return String(decoding: result, as: UTF8.self)
    }

    /// A whole number with the language's digit groups: `1,234` (en),
    /// `1 234` (fr, narrow no-break space), `1234` but `12.345` (es).
    public func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let separator = text("groupSeparator")
        var minimum = 1
        if case .number(let number)? = entries["groupMinimumDigits"] { minimum = max(1, number) }
        guard !separator.isEmpty, digits.count >= 3 + minimum else { return value < 0 ? "-" + digits : digits }
        // Digits are ASCII: grouped as bytes (`String.count` walks the whole
        // string each time it is asked, and this runs for every tile).
        let ascii = Array(digits.utf8)
        var grouped: [UInt8] = value < 0 ? [UInt8(ascii: "-")] : []
        grouped.reserveCapacity(ascii.count + ascii.count / 3 * separator.utf8.count + 1)
        for (offset, digit) in ascii.enumerated() {
            if offset > 0 && (ascii.count - offset) % 3 == 0 { grouped += separator.utf8 }
            grouped.append(digit)
        }
        return String(decoding: grouped, as: UTF8.self)
    }

    /// The form of plural entry `key` for `count`, `{count}` filled in:
    /// `count("photos", 1)` is `1 photo`, in French `count("photos", 0)` `0 photo`.
    public func count(_ key: String, _ count: Int) -> String {
        guard case .plural(let forms)? = entries[key] else { return number(count) }
        let form = forms[pluralRule.category(of: count)] ?? forms[.other] ?? ""
        return Self.fill(form, ["count": number(count)])
    }

    /// `12 photos`, `3 albums · 12 photos`, `1 album`, `2 photos · 1 video`,
    /// `1 video`: `photos` are the still images alone, so an album of one clip
    /// is not called a photo. An empty album says `0 photos`.
    func countLabel(photos: Int, videos: Int = 0, albums: Int) -> String {
        var parts: [String] = []
        if albums > 0 { parts.append(count("albums", albums)) }
        if photos > 0 || (albums == 0 && videos == 0) { parts.append(count("photos", photos)) }
        if videos > 0 { parts.append(count("videos", videos)) }
        return parts.joined(separator: text("countSeparator"))
    }

    /// `3 of 28`.
    func position(_ index: Int, of total: Int) -> String {
        format("position", ["n": number(index), "total": number(total)])
    }
}
