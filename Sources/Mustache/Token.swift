/// A piece of template source found by `Tokenizer`: literal text or one tag.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case text
        case variable(escaped: Bool)
        case section
        case invertedSection
        case close
        case comment
        case partial
        case parent
        case block
        case setDelimiters
    }

    var kind: Kind
    /// The token's bytes in the source; for a tag, including its delimiters.
    var range: Range<Int>
    /// The tag's trimmed name (dynamic names as `*name`); empty for text,
    /// comments and set-delimiter tags.
    var name: String
}
