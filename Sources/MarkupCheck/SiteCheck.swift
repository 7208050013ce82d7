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
        let fileSet = Set(files.map { Array($0.utf8) })
        // Pages are checked independently on every core; only the id table
        // that fragment links need joins them.
        let analyses = pages.concurrentMap { page in
            let analysis = PageCheck.analyze(page.text, allowing: allowance)
            return (page: page, issues: analysis.issues, parsed: analysis.parsed, lines: analysis.lines)
        }
        var idsByPage: [[UInt8]: Set<String>] = [:]
        for analysis in analyses {
            if let parsed = analysis.parsed {
                idsByPage[Array(analysis.page.path.utf8)] = Set(parsed.elements.compactMap { $0.attribute("id") })
            }
        }
        let ordered = analyses.sorted { Array($0.page.path.utf8).lexicographicallyPrecedes(Array($1.page.path.utf8)) }
        let ids = idsByPage
        let perPage = ordered.concurrentMap { analysis in
            var issues = analysis.issues
            if let parsed = analysis.parsed {
                let links = LinkCheck(page: analysis.page.path, files: fileSet, ids: ids)
                for element in parsed.elements {
                    for kind in links.issues(for: element) {
                        let at = analysis.lines.location(ofByte: element.offset ?? 0)
                        issues.append(MarkupIssue(line: at.line, column: at.column, kind: kind))
                    }
                }
            }
            return PageCheck.sorted(issues).map { SiteIssue(page: analysis.page.path, issue: $0) }
        }
        let result = Array(perPage.joined())
        return result
    }
}
