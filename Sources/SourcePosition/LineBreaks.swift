/// Which bytes end a line, for a ``LineTable``.
///
/// Templates and pages disagree only on a lone CR: a Mustache template
/// keeps it as text on its line, while XML (and so libxml2, whose line
/// numbers page errors must match) ends a line there.
public enum LineBreaks: Sendable, Hashable {
    /// A line ends after each LF; a CRLF counts once, the CR being the last
    /// byte of its line. Mustache's rule.
    case lineFeed
    /// A line ends after each LF, each CRLF (once) and each lone CR: XML's
    /// end-of-line rule, so lines agree with libxml2's.
    case xml
}
