import MarkupCheck
import Testing

/// An HTML parser lowercases attribute names, so `SRCDOC`, `HTTP-EQUIV` or
/// `HREF` in the XML the check reads are `srcdoc`, `http-equiv` and `href`
/// to a browser: every rule matches names ASCII case-insensitively. (The
/// vocabulary check takes them as known attributes, as a browser does.)
@Suite("Attribute names in any case")
struct AttributeCaseTests {
    static let cases: [VocabularyCase] = [
        VocabularyCase("SRCDOC", body: #"<iframe SRCDOC="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>"#,
                       [(5, 1, .embeddedDocument(element: "iframe", attribute: "SRCDOC"))]),
        VocabularyCase("Style loading from another host", body: #"<p Style="background: url(https://evil.example/t.gif)">x</p>"#,
                       [(5, 1, .styleExternalURL(element: "p", url: "https://evil.example/t.gif"))]),
        VocabularyCase("HTTP-EQUIV refresh", body: #"<meta HTTP-EQUIV="Refresh" content="0;url=https://evil.example" />"#,
                       [(5, 1, .metaRefresh)]),
        VocabularyCase("base HREF", body: #"<base HREF="https://evil.example/" />"#, [(5, 1, .baseURL("https://evil.example/"))]),
        VocabularyCase("link REL=import", body: #"<link REL="import" href="x.html" />"#, [(5, 1, .htmlImport)]),
        VocabularyCase("object DATA from another host", body: #"<object DATA="https://evil.example/x.swf"></object>"#,
                       [(5, 1, .externalResource(attribute: "DATA", url: "https://evil.example/x.swf"))]),
        VocabularyCase("PING to another host", body: #"<a href="a.html" PING="https://tracker.example/p">x</a>"#,
                       [(5, 1, .externalResource(attribute: "PING", url: "https://tracker.example/p"))]),
        VocabularyCase("SVG use HREF from another host", body: #"<svg width="1" height="1"><use HREF="https://evil.example/s.svg#a" /></svg>"#,
                       [(5, 27, .externalResource(attribute: "HREF", url: "https://evil.example/s.svg#a"))]),
    ]

    @Test("Rules match attribute names in any case", arguments: cases)
    func anyCase(_ testCase: VocabularyCase) {
        #expect(PageCheck.check(testCase.page) == testCase.expected)
    }

    @Test("The site check reads SRC, HREF and SRCSET too")
    func siteCheck() {
        let body = #"<p><img SRC="https://cdn.example/a.jpg" SrcSet="b.jpg 2x" alt="" width="1" height="1" /><a HREF="missing.html">x</a></p>"#
        let issues = SiteCheck.check(pages: [SitePage(path: "index.html", text: TestPages.page(body: body))], files: ["index.html"])
        #expect(issues.map(\.description) == [
            #"index.html:5:4: SRC="https://cdn.example/a.jpg" loads from another host; pages must work offline"#,
            #"index.html:5:4: SrcSet="b.jpg" names no file in the output folder"#,
            #"index.html:5:89: HREF="missing.html" names no file in the output folder"#,
        ])
    }
}
