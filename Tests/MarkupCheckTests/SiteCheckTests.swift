import MarkupCheck
import Testing

@Suite("Site check: every local URL resolves")
struct SiteCheckTests {
    static let files = [
        "index.html", "caf\u{E9}.html", "style.css", "viewer.js", "sub/page.html",
        "photos/a b.jpg", "photos/%28x%29.jpg", "photos/\u{6EAA}.jpg", "photos/cafe\u{301}.jpg", "photos/a-400.jpg",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var expected: [String]
        var page = "index.html"
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "encoded space, %25, CJK", body: #"<p><img src="photos/a%20b.jpg" alt="" width="1" height="1" /><img src="photos/%2528x%2529.jpg" alt="" width="1" height="1" /><img src="photos/%E6%BA%AA.jpg" alt="" width="1" height="1" /></p>"#, expected: []),
        Case(name: "literal %28 is a different file", body: #"<p><img src="photos/%28x%29.jpg" alt="" width="1" height="1" /></p>"#,
             expected: [#"index.html:5:4: src="photos/%28x%29.jpg" names no file in the output folder"#]),
        Case(name: "NFC link to an NFD name is broken", body: #"<p><a href="photos/caf%C3%A9.jpg">x</a> <a href="photos/cafe%CC%81.jpg">y</a></p>"#,
             expected: [#"index.html:5:4: href="photos/caf%C3%A9.jpg" names no file in the output folder"#]),
        Case(name: "srcset candidates", body: #"<p><img src="photos/a-400.jpg" srcset="photos/a-400.jpg 400w, photos/a-800.jpg 800w" sizes="50vw" alt="" width="1" height="1" /></p>"#,
             expected: [#"index.html:5:4: srcset="photos/a-800.jpg" names no file in the output folder"#]),
        Case(name: "root-relative", body: #"<p><a href="/style.css">x</a></p>"#,
             expected: [#"index.html:5:4: href="/style.css" starts with '/', which breaks from file:// and sub-paths; use a relative URL"#]),
        Case(name: "external image", body: #"<p><img src="https://cdn.example/a.jpg" alt="" width="1" height="1" /></p>"#,
             expected: [#"index.html:5:4: src="https://cdn.example/a.jpg" loads from another host; pages must work offline"#]),
        Case(name: "external link is fine", body: #"<p><a href="https://example.org/">x</a> <a href="mailto:a@b.c">m</a></p>"#, expected: []),
        Case(name: "fragments", body: ##"<p id="top"><a href="#top">a</a> <a href="#nope">b</a> <a href="sub/page.html#there">c</a> <a href="caf%C3%A9.html#x">d</a></p>"##,
             expected: [
                ##"index.html:5:34: href="#nope" points at an id the page does not have"##,
                #"index.html:5:92: href="caf%C3%A9.html#x" points at an id the page does not have"#,
             ]),
        Case(name: "climbing out of the folder", body: #"<p><a href="../index.html">x</a></p>"#,
             expected: [#"index.html:5:4: href="../index.html" names no file in the output folder"#]),
        Case(name: "from a sub-folder page", body: #"<p><a href="../index.html">x</a> <a href="./">y</a> <a href="../photos/a%20b.jpg">z</a></p>"#,
             expected: [#"sub/page.html:5:34: href="./" names no file in the output folder"#], page: "sub/page.html"),
        Case(name: "bad percent-encoding", body: #"<p><a href="photos/%zz.jpg">x</a></p>"#,
             expected: [#"index.html:5:4: href="photos/%zz.jpg" names no file in the output folder"#]),
    ]

    @Test("Links", arguments: cases)
    func links(_ testCase: Case) {
        let other = SitePage(path: testCase.page == "index.html" ? "sub/page.html" : "index.html",
                             text: TestPages.page(body: #"<p id="there">x</p>"#))
        let pages = [SitePage(path: testCase.page, text: TestPages.page(body: testCase.body)), other,
                     SitePage(path: "caf\u{E9}.html", text: TestPages.page(body: "<p>x</p>"))]
        let issues = SiteCheck.check(pages: pages, files: Self.files)
        #expect(issues.map(\.description) == testCase.expected)
    }

    @Test("A hand-broken page is rejected at the right position")
    func brokenPage() {
        let page = TestPages.page(body: "<main>\n<p>Caf\u{E9} <b>bold</p>\n</main>")
        let issues = SiteCheck.check(pages: [SitePage(path: "index.html", text: page)], files: ["index.html"])
        #expect(issues.first?.description == "index.html:6:21: not well-formed: Opening and ending tag mismatch: b line 6 and p")
    }
}
