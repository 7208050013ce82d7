import Testing
import MarkupCheck

/// A page and the issue expected first, with libxml2's exact message.
struct MarkupCase: Sendable, CustomTestStringConvertible {
    var name: String
    var page: String
    var expected: MarkupIssue
    var testDescription: String { name }

    init(_ name: String, body: String, _ line: Int, _ column: Int, _ kind: MarkupIssue.Kind) {
        self.name = name
        self.page = TestPages.page(body: body)
        self.expected = MarkupIssue(line: line, column: column, kind: kind)
    }
}

@Suite("Well-formedness (libxml2 XML parser)")
struct WellFormednessTests {
    @Test("A valid XHTML-syntax HTML5 page has no issues")
    func validPage() {
        #expect(PageCheck.check(TestPages.valid, allowing: TestPages.validTheme) == [])
    }

    @Test("A tiled gallery page has no issues")
    func galleryPage() {
        #expect(PageCheck.check(TestPages.gallery(tiles: 20)) == [])
    }

    // Body lines start at 5:1. Columns are where libxml2 detected the error.
    static let cases: [MarkupCase] = [
        // `</body>` on line 7 closes the still-open <div>: reported after `</body>`.
        MarkupCase("unclosed tag", body: "<div>\n<p>x</p>", 7, 8,
                   .notWellFormed("Opening and ending tag mismatch: div line 5 and body")),
        MarkupCase("mismatched tag", body: "<p><em>x</p></em>", 5, 13,
                   .notWellFormed("Opening and ending tag mismatch: em line 5 and p")),
        // After the `;` of the reference.
        MarkupCase("HTML named entity", body: "<p>a &nbsp; b</p>", 5, 12,
                   .notWellFormed("Entity 'nbsp' not defined")),
        // At the first character of the unquoted value.
        MarkupCase("unquoted attribute", body: #"<img src=a.jpg alt="" width="1" height="1" />"#, 5, 10,
                   .notWellFormed(#"AttValue: " or ' expected"#)),
        // Just after the `<`.
        MarkupCase("< in text", body: "<p>1 < 2</p>", 5, 7,
                   .notWellFormed("StartTag: invalid element name")),
        MarkupCase("bare & in text", body: "<p>Tom & Jerry</p>", 5, 9,
                   .notWellFormed("xmlParseEntityRef: no name")),
        MarkupCase("< in attribute value", body: #"<p title="a<b">x</p>"#, 5, 12,
                   .notWellFormed("Unescaped '<' not allowed in attributes values")),
        // After the repeated attribute's value.
        MarkupCase("repeated attribute", body: #"<p class="a" class="b">x</p>"#, 5, 23,
                   .notWellFormed("Attribute class redefined")),
        MarkupCase("surrogate character reference", body: "<p>&#xD800;</p>", 5, 12,
                   .notWellFormed("xmlParseCharRef: invalid xmlChar value 55296")),
    ]

    @Test("Each error is reported first, at its line and UTF-8 column", arguments: cases)
    func firstError(_ testCase: MarkupCase) {
        let issues = PageCheck.check(testCase.page)
        #expect(issues.first == testCase.expected)
        // No tree, so no vocabulary issues on an ill-formed page.
        #expect(issues.allSatisfy { if case .notWellFormed = $0.kind { true } else { false } })
    }

    @Test("An unclosed tag also reports what libxml2 finds after it, in order")
    func cascade() {
        let issues = PageCheck.check(TestPages.page(body: "<div>"))
        #expect(issues.map(\.description) == [
            "6:8: not well-formed: Opening and ending tag mismatch: div line 5 and body",
            "7:8: not well-formed: Opening and ending tag mismatch: body line 4 and html",
            "8:1: not well-formed: Premature end of data in tag html line 2",
        ])
    }

    @Test("Empty page and NUL character")
    func degenerate() {
        #expect(PageCheck.check("") == [MarkupIssue(line: 1, column: 1, kind: .notWellFormed("Document is empty"))])
        #expect(PageCheck.check(TestPages.page(body: "<p>a\u{0}b</p>")) == [
            MarkupIssue(line: 5, column: 5, kind: .notWellFormed("NUL character is not allowed")),
        ])
    }

    @Test("External entities are neither loaded nor expanded")
    func externalEntity() {
        let page = """
            <!DOCTYPE html [<!ENTITY leak SYSTEM "file:///etc/passwd">]>
            <html><head><title>t</title></head><body><p>&leak;</p></body></html>
            """
        let issues = PageCheck.check(page)
        #expect(issues == [MarkupIssue(line: 1, column: 1, kind: .unexpectedDoctype)])
    }

    @Test("More than 100 libxml2 errors are summarised")
    func errorFlood() {
        let body = String(repeating: "<p>x</q>\n", count: 300)
        let issues = PageCheck.check(TestPages.page(body: body))
        // 100 listed, then one summary at the last listed error (line 104 = 100th body line).
        #expect(issues.count == 101)
        #expect(issues.last == MarkupIssue(line: 104, column: 9, kind: .tooManyErrors(omitted: 200)))
        #expect(issues.first == MarkupIssue(line: 5, column: 9, kind: .notWellFormed("Opening and ending tag mismatch: p line 5 and q")))
    }
}
