/// The value of one top-level XMP property, in the RDF forms XMP uses.
public enum XMPValue: Sendable, Hashable {
    /// A simple value (element text, attribute form, or `rdf:resource`), cleaned.
    case text(String)
    /// An `rdf:Alt` of language alternatives, in order: (`xml:lang`, text).
    case alternatives([LanguageAlternative])
    /// An `rdf:Bag` or `rdf:Seq`, items in order, empty items dropped.
    case list([String])
    /// A structure (`rdf:parseType="Resource"`, a nested `rdf:Description`,
    /// or qualifiers in attribute form); only whether it holds any text is kept.
    case structure(hasContent: Bool)

    /// One entry of an `rdf:Alt`.
    public struct LanguageAlternative: Sendable, Hashable {
        /// The `xml:lang` value, e.g. `x-default`, `de-DE`; empty when missing.
        public var language: String
        /// The cleaned text.
        public var text: String

        /// Creates an alternative.
        public init(language: String, text: String) {
            self.language = language
            self.text = text
        }
    }

    /// The single text this value stands for: the text itself, the
    /// `x-default` alternative (else the first), or the first list item.
    public var text: String? {
        switch self {
        case .text(let text): text
        case .alternatives(let all): (all.first { $0.language.lowercased() == "x-default" } ?? all.first)?.text
        case .list(let items): items.first
        case .structure: nil
        }
    }

    /// The items this value stands for: a list's items, else the single text.
    public var items: [String] {
        if case .list(let items) = self { return items }
        return text.map { [$0] } ?? []
    }

    /// Whether the value holds anything (privacy checks ask this).
    public var hasContent: Bool {
        switch self {
        case .text, .alternatives: true
        case .list(let items): !items.isEmpty
        case .structure(let hasContent): hasContent
        }
    }
}
