/// One page of a site for ``SiteCheck``: its path in the output folder and its text.
public struct SitePage: Sendable {
    /// Relative to the output folder, `/`-separated: `index.html`, `fjord.html`.
    public var path: String
    public var text: String

    /// Creates a page.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A ``MarkupIssue`` in a named page of a site.
public struct SiteIssue: Sendable, Equatable, CustomStringConvertible {
    /// The page's path in the output folder.
    public var page: String
    public var issue: MarkupIssue

    /// Creates a site issue.
    public init(page: String, issue: MarkupIssue) {
        self.page = page
        self.issue = issue
    }

    /// `page:line:column: text`, e.g. `index.html:12:7: unknown element <blink>`.
    public var description: String { "\(page.displaySafe):\(issue)" }
}
