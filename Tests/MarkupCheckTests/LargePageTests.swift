import Testing
import MarkupCheck

/// A page over 10 MB (an album page of ~10,000 camera photos or ~14,000 tiny
/// ones) must be checked like any other, and stay as guarded as a small one.
///
/// libxml2 2.9 applies its 10 MB lookup limit (XML_MAX_LOOKUP_LIMIT, "Huge
/// input lookup") only to inputs it reads through a callback, not to a page
/// parsed from memory as CMarkupCheck does, so no XML_PARSE_HUGE is needed —
/// which keeps the depth limit and the entity amplification check that flag
/// would lift. These tests fail if a libxml2 upgrade or a change to the shim
/// (a push parser, say) brings the limit back.
@Suite("Large pages")
struct LargePageTests {
    /// A well-formed body of `count` tiles, about 100 bytes each.
    static func tiles(_ count: Int) -> String {
        (0..<count).map { ##"<figure id="t\##($0)"><a href="#t\##($0)"><img src="data:image/gif," alt="photo \##($0)" width="1" height="1" /></a></figure>"## }
            .joined(separator: "\n")
    }

    @Test("A well-formed page over 10 MB passes")
    func overTenMegabytes() {
        let page = TestPages.page(body: Self.tiles(120_000))
        #expect(page.utf8.count > 10_000_000)
        // Compared by count: a failure here must not print 120,000 issues.
        let issues = PageCheck.check(page)
        #expect(issues.count == 0)
        #expect(issues.first == nil)
    }

    @Test("An issue past the 10 MB mark is found where it is")
    func issueBeyondLimit() {
        let page = TestPages.page(body: Self.tiles(120_000) + "\n<p>broken</b>")
        let issues = PageCheck.check(page)
        #expect(issues.count == 1)
        #expect(issues.first?.line == 120_005)
    }

    @Test("Depth stays bounded over 10 MB")
    func deepLargePage() {
        let depth = 10_000
        let page = TestPages.page(body: Self.tiles(120_000) + "\n" + String(repeating: "<div>", count: depth)
                                  + String(repeating: "</div>", count: depth))
        let issues = PageCheck.check(page)
        #expect(issues.count == 1)
        #expect(issues.first?.line == 120_005)
        #expect(issues.first?.kind == .notWellFormed("Excessive depth in document: 256 use XML_PARSE_HUGE option"))
    }

    @Test("Billion laughs in a page over 10 MB")
    func entitiesRefused() {
        var entities = #"<!ENTITY a0 "ha">"#
        for level in 1...10 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let page = "<!DOCTYPE html [\(entities)]>\n<html><body>" + Self.tiles(120_000) + "<p>&a10;</p></body></html>"
        let issues = PageCheck.check(page)
        #expect(issues.first?.kind == .notWellFormed("Detected an entity reference loop"))
        #expect(issues.count <= 101)
    }
}
