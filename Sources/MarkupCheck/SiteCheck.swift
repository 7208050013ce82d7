import Parallel

/// Checks a whole output folder: every page through ``PageCheck``, then
/// every local `href`, `src`, `srcset` and `poster` URL against the files
/// the folder holds.
///
/// A local URL must be relative (a leading `/` breaks `file://` and
/// sub-paths), must resolve inside the folder to an existing file after
/// percent-decoding (byte for byte, so an NFC link to an NFD file name is
/// broken, as it is on a Linux server), and a `#fragment` into one of the
/// site's pages must name an id of that page. Resources the page loads by
/// itself (`src`, `srcset`, `poster`, `<link href>`) must not come from
/// another host. Pure: the caller lists the files.
public enum SiteCheck {
    /// Every issue, ordered by page then position.
    ///
    /// - Parameters:
    ///   - pages: The HTML pages to check.
    ///   - files: Every file in the output folder (relative, `/`-separated),
    ///     the pages included.
    ///   - allowance: The script the theme's templates contain.
    public static func check(pages: [SitePage], files: [String],
                             allowing allowance: ScriptAllowance = .none) -> [SiteIssue] {
        check(pages: pages, facts: facts(of: pages, allowing: allowance), files: files)
    }

    /// Each page's ``PageFacts``, on every core; `known` gives a page's facts
    /// without parsing it again (a caller's cache, by page text), and
    /// `checked` hears of each page done, from any thread.
    public static func facts(of pages: [SitePage], allowing allowance: ScriptAllowance = .none,
                             known: @Sendable (SitePage) -> PageFacts? = { _ in nil },
                             checked: @Sendable () -> Void = {}) -> [PageFacts] {
        // Only the facts outlive each page's parse: a site's trees together
        // were most of a large build's memory.
        pages.concurrentMap { page in
            defer { checked() }
            return known(page) ?? PageFacts.of(page.text, allowing: allowance)
        }
    }

    /// Every `#fragment` link of the page at `path` (whose facts are `facts`)
    /// into a local page: the page it resolves to and the id it names. A
    /// caller that checks only the pages that changed keeps these for the
    /// pages it did not check again: an id gone from a changed page may
    /// break a link from an unchanged one.
    public static func fragmentLinks(of facts: PageFacts, page path: String) -> [FragmentLink] {
        let links = LinkCheck(page: path, exists: { _ in false }, ids: [:])
        var seen: Set<FragmentLink> = []
        return facts.urls.compactMap { use in
            guard let target = links.fragmentTarget(use.url) else { return nil }
            let link = FragmentLink(page: target.page, id: target.id)
            return seen.insert(link).inserted ? link : nil
        }
    }

    /// Every file of the site the page at `path` (whose facts are `facts`)
    /// links to or loads, resolved to its path in the site, each once. A
    /// caller that does not check an unchanged page again needs these: a
    /// file gone since may be one of them.
    public static func fileTargets(of facts: PageFacts, page path: String) -> [[UInt8]] {
        let links = LinkCheck(page: path, exists: { _ in false }, ids: [:])
        var seen: Set<[UInt8]> = []
        return facts.urls.compactMap { use in
            guard let target = links.fileTarget(use.url) else { return nil }
            return seen.insert(target).inserted ? target : nil
        }
    }

    /// The issues of `pages` whose ``PageFacts`` are `facts` (same order):
    /// each page's own, then its URLs against `files` and the pages' ids.
    public static func check(pages: [SitePage], facts: [PageFacts], files: [String]) -> [SiteIssue] {
        let fileSet = Set(files.map { Array($0.utf8) })
        return check(pages: pages, facts: facts, exists: { fileSet.contains($0) })
    }

    /// ``check(pages:facts:files:)`` with the files as a set of names, as a
    /// large site's build already holds them. A URL matches a file only byte
    /// for byte (a set of `String`s would take two spellings of `é` for one).
    public static func check(pages: [SitePage], facts: [PageFacts], fileSet: Set<String>) -> [SiteIssue] {
        check(pages: pages, facts: facts, exists: { bytes in
            guard let index = fileSet.firstIndex(of: String(decoding: bytes, as: UTF8.self)) else { return false }
            return fileSet[index].utf8.elementsEqual(bytes)
        })
    }

    private static func check(pages: [SitePage], facts: [PageFacts],
                              exists: @escaping @Sendable ([UInt8]) -> Bool) -> [SiteIssue] {
        var idsByPage: [[UInt8]: Set<String>] = [:]
        for (page, facts) in zip(pages, facts) where facts.hasDocument {
            idsByPage[Array(page.path.utf8)] = Set(facts.ids)
        }
        let ordered = zip(pages, facts).sorted { Array($0.0.path.utf8).lexicographicallyPrecedes(Array($1.0.path.utf8)) }
        let ids = idsByPage
        let perPage = ordered.map { ($0.0.path, $0.1) }.concurrentMap { entry in
            let (path, facts) = entry
            var issues = facts.issues
            let links = LinkCheck(page: path, exists: exists, ids: ids)
            for use in facts.urls {
                if let kind = links.issue(for: use) {
                    issues.append(MarkupIssue(line: use.line, column: use.column, kind: kind))
                }
            }
            return PageCheck.sorted(issues).map { SiteIssue(page: path, issue: $0) }
        }
        return Array(perPage.joined())
    }
}

/// A link to an id of one of the site's pages (`index.html#p-x`), resolved.
public struct FragmentLink: Sendable, Hashable {
    /// The linked page's path in the site, `/`-separated.
    public var page: String
    /// The id, percent-decoded.
    public var id: String

    public init(page: String, id: String) {
        self.page = page
        self.id = id
    }
}
