import MarkupCheck
import Testing

/// `XMLCheck`: well-formedness of the feeds and the sitemap, and their root.
struct XMLCheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var text: String
        /// The first issue's line and column, or nil when well-formed.
        var at: (line: Int, column: Int)?
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "atom feed", text: "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>a &amp; b</title></feed>\n"),
        Case(id: "unclosed element", text: "<feed>\n<title>x</feed>\n", at: (2, 16)),
        Case(id: "bare ampersand", text: "<urlset>\n<loc>a & b</loc></urlset>", at: (2, 9)),
        Case(id: "NUL", text: "<a>\u{0}</a>", at: (1, 4)),
        Case(id: "no root", text: "", at: (1, 1)),
    ]

    @Test(arguments: cases)
    func wellFormedness(_ c: Case) {
        let outcome = XMLCheck.check(c.text)
        if let at = c.at {
            let first = outcome.issues.first
            #expect(first != nil)
            #expect(first.map { "\($0.line):\($0.column)" } == "\(at.line):\(at.column)", "\(outcome.issues)")
        } else {
            #expect(outcome.issues.isEmpty, "\(outcome.issues)")
        }
    }

    @Test func theRootAndItsNamespaceAreNamed() {
        let outcome = XMLCheck.check(#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>"#)
        #expect(outcome.rootName == "urlset")
        #expect(outcome.rootNamespace == "http://www.sitemaps.org/schemas/sitemap/0.9")
        #expect(XMLCheck.check("<a>").rootName == nil)
    }
}
