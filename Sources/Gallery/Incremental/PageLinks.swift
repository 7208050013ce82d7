import MarkupCheck

/// What a later build needs of a page it does not parse again: its
/// `#fragment` links into other pages (an id gone from a changed page may
/// break one) and the files it links to or loads (one may be gone).
struct PageLinks: Sendable, Equatable {
    var fragments: [FragmentLink]
    var targets: LinkFilter

    /// The links of the page at `path` whose facts are `facts`.
    init(facts: PageFacts, page path: String) {
        fragments = SiteCheck.fragmentLinks(of: facts, page: path)
        targets = LinkFilter(SiteCheck.fileTargets(of: facts, page: path))
    }

    /// A file that links nowhere (an asset, a feed: only pages are checked).
    static let none = PageLinks(fragments: [], targets: LinkFilter([]))

    init(fragments: [FragmentLink], targets: LinkFilter) {
        self.fragments = fragments
        self.targets = targets
    }
}
