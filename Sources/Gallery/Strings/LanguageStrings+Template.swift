import Mustache

extension LanguageStrings {
    /// Keys whose names start with this go to the viewer script (``viewerJSON``).
    static let viewerPrefix = "viewer"

    /// Every key for templates (`{{strings.previous}}`): texts with
    /// `{generator}` filled in (the same on every page), plural entries as
    /// objects of their forms, lists as lists. Patterns that need a page's
    /// numbers or dates stay as written: the page's own variables
    /// (`countLabel`, `position`, `date.text`) carry them filled in.
    func templateValue(generator: String) -> Value {
        if generator == Site.generator { return siteTemplateValue }
        return Self.templateValue(templateEntries, filling: generatorKeys, entries: entries, generator: generator)
    }

    static func templateValue(_ object: [String: Value], filling keys: [String], entries: [String: StringsEntry],
                              generator: String) -> Value {
        var object = object
        for key in keys {
            if case .text(let text)? = entries[key] { object[key] = .string(fill(text, ["generator": generator])) }
        }
        return .object(object)
    }

    static func templateEntries(_ entries: [String: StringsEntry]) -> [String: Value] {
        var object: [String: Value] = [:]
        for (key, entry) in entries {
            switch entry {
            case .text(let text): object[key] = .string(text)
            case .plural(let forms):
                object[key] = .object(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, .string($0.value)) }))
            case .list(let items): object[key] = .list(items.map(Value.string))
            case .number(let number): object[key] = .int(number)
            }
        }
        return object
    }

    /// The viewer's strings (every text whose key starts with `viewer`) as
    /// one JSON object, keys sorted, safe as the text of a
    /// `<script type="application/json">` element: `<`, `>` and `&` are
    /// `\u003c`, `\u003e`, `\u0026`, so no text can end the element or open
    /// a comment, and the markup check's XML reading sees no markup.
    static func viewerJSON(_ entries: [String: StringsEntry]) -> String {
        let members = entries.keys.filter { $0.hasPrefix(viewerPrefix) }.sorted().compactMap { key -> String? in
            guard case .text(let text)? = entries[key] else { return nil }
            return JSONText.scriptSafe(key) + ":" + JSONText.scriptSafe(text)
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
