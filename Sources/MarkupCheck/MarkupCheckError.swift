/// Thrown when a page fails ``PageCheck``: the page is not written and the
/// build fails with this message.
public struct MarkupCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page's name as the build knows it, e.g. `index.html`.
    public var page: String
    /// Every issue found, in page order.
    public var issues: [MarkupIssue]

    /// Creates the error for `page`.
    public init(page: String, issues: [MarkupIssue]) {
        self.page = page
        self.issues = issues
    }

    /// `Page 'index.html' failed the markup check: 12:7: unknown element <blink> (and 2 more)`.
    public var description: String {
        var text = "Page '\(page.displaySafe)' failed the markup check"
        guard let first = issues.first else { return text }
        text += ": \(first)"
        if issues.count > 1 {
            text += " (and \(issues.count - 1) more)"
        }
        return text
    }
}
