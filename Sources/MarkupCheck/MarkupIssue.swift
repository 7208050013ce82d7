/// One problem found in a page by ``PageCheck``, with where it is.
///
/// Positions follow swift-markdown's `SourceLocation`: `line` is 1-based and
/// `column` is the 1-based **UTF-8 byte** column within that line, so an
/// editor or `cut -b` finds the spot even after non-ASCII text. For
/// well-formedness errors the position is where libxml2 detected the error,
/// which is often just after the offending construct (after `&nbsp;`, after
/// the `<` of `1 < 2`, after the end tag that mismatches); for vocabulary
/// issues it is the `<` of the element's start tag.
public struct MarkupIssue: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based UTF-8 byte column within `line`.
    public var column: Int
    /// What is wrong.
    public var kind: Kind

    /// Creates an issue at `line`:`column`.
    public init(line: Int, column: Int, kind: Kind) {
        self.line = line
        self.column = column
        self.kind = kind
    }

    /// `line:column: text`, e.g. `12:7: unknown element <blink>`.
    public var description: String {
        "\(line):\(column): \(kind)"
    }
}
