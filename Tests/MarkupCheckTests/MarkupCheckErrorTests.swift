import Testing
import MarkupCheck

@Suite("Error text")
struct MarkupCheckErrorTests {
    @Test("Issue descriptions", arguments: [
        (MarkupIssue(line: 12, column: 7, kind: .unknownElement("blink")), "12:7: unknown element <blink>"),
        (MarkupIssue(line: 3, column: 12, kind: .notWellFormed("Entity 'nbsp' not defined")),
         "3:12: not well-formed: Entity 'nbsp' not defined"),
        (MarkupIssue(line: 4, column: 1, kind: .missingAttribute(element: "img", attribute: "alt")),
         "4:1: <img> without alt attribute"),
        (MarkupIssue(line: 9, column: 2, kind: .duplicateID("photo-1")), "9:2: duplicate id 'photo-1'"),
        // Page content in a message cannot move the cursor or flip the line.
        (MarkupIssue(line: 1, column: 1, kind: .invalidID("a\n\u{202E}b")),
         "1:1: invalid id 'a\\u{A}\\u{202E}b' (must be non-empty, without whitespace)"),
    ])
    func issueDescription(_ issue: MarkupIssue, _ text: String) {
        #expect(issue.description == text)
    }

    @Test("The error names the page and the first issue")
    func oneIssue() {
        let error = MarkupCheckError(page: "index.html", issues: [
            MarkupIssue(line: 12, column: 7, kind: .unknownElement("blink")),
        ])
        #expect(error.description == "Page 'index.html' failed the markup check: 12:7: unknown element <blink>")
    }

    @Test("Further issues are counted")
    func severalIssues() {
        let error = MarkupCheckError(page: "albums/Café/index.html", issues: [
            MarkupIssue(line: 12, column: 7, kind: .unknownElement("blink")),
            MarkupIssue(line: 13, column: 1, kind: .duplicateID("a")),
            MarkupIssue(line: 14, column: 1, kind: .duplicateID("b")),
        ])
        #expect(error.description
            == "Page 'albums/Café/index.html' failed the markup check: 12:7: unknown element <blink> (and 2 more)")
    }

    @Test("verify throws for a bad page and passes a good one")
    func verify() throws {
        #expect(throws: Never.self) { try PageCheck.verify(TestPages.valid, named: "index.html", allowing: TestPages.validTheme) }
        let page = TestPages.page(body: "<blink>x</blink>")
        #expect(throws: MarkupCheckError(page: "a.html", issues: [MarkupIssue(line: 5, column: 1, kind: .unknownElement("blink"))])) {
            try PageCheck.verify(page, named: "a.html")
        }
    }
}
