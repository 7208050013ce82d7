/// A position in a source text (a template, a page), for error messages.
///
/// `column` counts UTF-8 bytes from the start of the line (1-based), like
/// compilers and swift-markdown do, so `é` advances it by two. Which bytes
/// end a line is the ``LineTable``'s choice (``LineBreaks``).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based UTF-8 byte offset within the line.
    public var column: Int

    /// Creates a location from a 1-based line and UTF-8 column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, ready to follow a file name: `album.mustache:12:7`.
    public var description: String { "\(line):\(column)" }

    /// Orders by line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
