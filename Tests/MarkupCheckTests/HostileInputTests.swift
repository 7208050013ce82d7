import Testing
import MarkupCheck

/// Pages are Cascade's own output, but built from untrusted names and
/// captions: hostile markup must give issues, never a crash or a hang.
@Suite("Hostile input")
struct HostileInputTests {
    @Test("Billion laughs")
    func billionLaughs() {
        var entities = #"<!ENTITY a0 "ha">"#
        for level in 1...10 {
            entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">"
        }
        let page = "<!DOCTYPE html [\(entities)]>\n<html><body><p>&a10;</p></body></html>"
        // libxml2 refuses the expansion (0.4 ms here); no entity is substituted.
        let issues = PageCheck.check(page)
        #expect(issues.first == MarkupIssue(line: 2, column: 21, kind: .notWellFormed("Detected an entity reference loop")))
        #expect(issues.count <= 101)
    }

    @Test("Deep nesting")
    func deepNesting() {
        let depth = 10_000
        let page = TestPages.page(body: String(repeating: "<div>", count: depth) + String(repeating: "</div>", count: depth))
        // libxml2's depth limit (256 without XML_PARSE_HUGE), after 255 <div>s
        // under <html> and <body>; the flattening walk is iterative anyway.
        #expect(PageCheck.check(page) == [
            MarkupIssue(line: 5, column: 255 * 5 + 1, kind: .notWellFormed("Excessive depth in document: 256 use XML_PARSE_HUGE option")),
        ])
    }
}
