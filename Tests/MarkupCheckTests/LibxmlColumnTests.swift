import Testing
@testable import MarkupCheck

/// Why PageCheck computes columns itself: libxml2 2.9.14's own column
/// (xmlError.int2) is 1-based but counts characters, not bytes.
@Suite("libxml2's own columns")
struct LibxmlColumnTests {
    @Test("libxml2 counts characters; the byte offset gives the UTF-8 column")
    func characterColumns() throws {
        // Line 1: `<p>日本語 &nbsp;</p>`; the error is raised after the `;`.
        let page = "<p>日本語 &nbsp;</p>"
        let parsed = try #require(ParsedPage.read(Array(page.utf8)))
        let problem = try #require(parsed.problems.first)
        #expect(problem.line == 1)
        #expect(problem.column == 14) // 3 + 3 characters + space + `&nbsp;` + 1
        #expect(problem.offset == 19) // 3 + 9 bytes + 1 + 6, 0-based
        #expect(PageCheck.check(page).first?.column == 20)
    }

    @Test("In ASCII both agree")
    func asciiColumns() throws {
        let page = "<p>abc &nbsp;</p>"
        let parsed = try #require(ParsedPage.read(Array(page.utf8)))
        let problem = try #require(parsed.problems.first)
        #expect(problem.column == 14)
        #expect(problem.offset.map { $0 + 1 } == 14)
    }
}
