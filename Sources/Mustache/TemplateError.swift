/// A template that cannot be parsed or rendered, with where and why.
///
/// `description` is the one place the text is made, compiler style:
///
///     album.mustache:12:7: unclosed section "tiles" opened here
///
/// Positions of unclosed tags and sections point at the opening tag, since
/// that is what the author has to fix.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// An opening delimiter without its closing delimiter on the same line
        /// (only comments may span lines). Carries the missing delimiter.
        case unclosedTag(expected: String)
        /// A tag with nothing in it, such as `{{}}` or `{{# }}`.
        case emptyTag
        /// A name with whitespace in it or empty dotted parts (`a..b`).
        case invalidName(String)
        /// A set-delimiter tag that is not `{{=open close=}}` with two
        /// non-empty delimiters free of whitespace and `=`.
        case invalidDelimiters(String)
        /// A section, inverted section, parent or block never closed;
        /// reported at its opening tag.
        case unclosedSection(String)
        /// A closing tag with no open section.
        case unexpectedClosingTag(String)
        /// A closing tag for another name than the innermost open section.
        case mismatchedClosingTag(found: String, open: String, openedAt: SourceLocation)
        /// Sections nested deeper than the parser allows.
        case nestingTooDeep(limit: Int)
        /// Partials, parents, sections and blocks nested too deep while
        /// rendering, typically a partial that includes itself unconditionally.
        case renderingTooDeep(limit: Int)
        /// `TemplateLibrary.render(_:_:)` was asked for an unknown template.
        case templateNotFound(String)
    }

    /// The template's name as it was given, e.g. `Templates/album.mustache`.
    public var template: String
    /// Where in that template.
    public var location: SourceLocation
    /// What went wrong.
    public var kind: Kind

    /// Creates an error.
    public init(template: String, location: SourceLocation, kind: Kind) {
        self.template = template
        self.location = location
        self.kind = kind
    }

    /// `template:line:column: message`.
    public var description: String {
        if case .templateNotFound(let name) = kind { return "no template named \"\(name)\"" }
        let prefix = template.isEmpty ? "\(location)" : "\(template):\(location)"
        return "\(prefix): \(message)"
    }

    private var message: String {
        switch kind {
        case .unclosedTag(let expected): "unclosed tag, missing \"\(expected)\""
        case .emptyTag: "empty tag"
        case .invalidName(let name): "invalid name \"\(name)\""
        case .invalidDelimiters(let text): "invalid set-delimiters tag \"\(text)\""
        case .unclosedSection(let name): "unclosed section \"\(name)\" opened here"
        case .unexpectedClosingTag(let name): "closing tag \"\(name)\" has no open section"
        case .mismatchedClosingTag(let found, let open, let openedAt):
            "closing tag \"\(found)\" does not match section \"\(open)\" opened at \(openedAt)"
        case .nestingTooDeep(let limit): "sections nested more than \(limit) deep"
        case .renderingTooDeep(let limit):
            "rendering nested more than \(limit) deep (does a partial include itself?)"
        case .templateNotFound(let name): "no template named \"\(name)\""
        }
    }
}
