/// Which pages a build need not render: each is on disk exactly as the last
/// build wrote it from the same data (``CheckedSite``).
///
/// Page by page, so one page in doubt (a ``LinkFilter`` false positive on a
/// deleted photo's files) costs that page alone, not its album's thousand.
struct KeptPages: Sendable {
    /// By model: every page of the album (and, for the home page, every
    /// asset) is kept, so its photo fields need not even be made.
    var whole: [Bool] = []
    /// Every kept page's path, those of ``whole`` albums included.
    var pages: Set<String> = []

    init() {}

    init(whole: [Bool], pages: Set<String>) {
        self.whole = whole
        self.pages = pages
    }

    /// Whether all of model `number`'s pages are kept.
    func keepsAll(of number: Int) -> Bool { number < whole.count && whole[number] }

    func keeps(_ path: String) -> Bool { pages.contains(path) }
}
