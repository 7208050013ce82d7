/// What the site-level check needs of one page once its own check is done:
/// its issues, its ids and every local-looking URL it uses, with positions.
///
/// Small and self-contained, so ``SiteCheck`` keeps these rather than every
/// page's parse tree (an album of 100,000 photos has 100,000 pages and one
/// page of 100,000 tiles), and a caller may keep them between builds keyed
/// by the page's text: they are a pure function of the text and the
/// ``ScriptAllowance``.
public struct PageFacts: Sendable, Equatable {
    /// One URL attribute value of an element.
    public struct URLUse: Sendable, Equatable {
        /// `href`, `src`, `poster` or `srcset` (one use per `srcset` candidate).
        public var attribute: String
        public var url: String
        /// The page loads it by itself (`src`, `srcset`, `poster`, `<link href>`).
        public var loads: Bool
        /// Where the element's start tag is.
        public var line: Int
        public var column: Int

        public init(attribute: String, url: String, loads: Bool, line: Int, column: Int) {
            self.attribute = attribute
            self.url = url
            self.loads = loads
            self.line = line
            self.column = column
        }
    }

    /// The page's own issues (well-formedness and vocabulary), by position.
    public var issues: [MarkupIssue]
    /// Whether libxml2 built a tree: without one there are no ids or URLs,
    /// and fragment links into the page are not checked.
    public var hasDocument: Bool
    /// Every `id` of the page, sorted.
    public var ids: [String]
    /// Every URL attribute in document order.
    public var urls: [URLUse]

    public init(issues: [MarkupIssue], hasDocument: Bool, ids: [String], urls: [URLUse]) {
        self.issues = issues
        self.hasDocument = hasDocument
        self.ids = ids
        self.urls = urls
    }

    /// The facts of `page`: parsed and checked by ``PageCheck``.
    public static func of(_ page: String, allowing allowance: ScriptAllowance = .none) -> PageFacts {
        let analysis = PageCheck.analyze(page, allowing: allowance)
        guard let parsed = analysis.parsed else {
            return PageFacts(issues: analysis.issues, hasDocument: false, ids: [], urls: [])
        }
        var urls: [URLUse] = []
        for element in parsed.elements {
            let uses = LinkCheck.uses(of: element)
            guard !uses.isEmpty else { continue }
            let at = analysis.lines.location(ofByte: element.offset ?? 0)
            for use in uses {
                urls.append(URLUse(attribute: use.attribute, url: use.url, loads: use.loads, line: at.line, column: at.column))
            }
        }
        let ids = Set(parsed.elements.compactMap { $0.attribute("id") }).sorted()
        return PageFacts(issues: analysis.issues, hasDocument: true, ids: ids, urls: urls)
    }
}
