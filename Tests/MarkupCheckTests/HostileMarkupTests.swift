import MarkupCheck
import Testing

/// Markup a theme that prints captions raw (`{{{caption}}}`) could let
/// through: documents, script and resources from elsewhere hidden in
/// attributes and CSS. Body lines start at 5:1; positions are the `<` of the
/// element, or the `@`/`u` inside a `<style>` element's text.
@Suite("Hostile markup from raw captions")
struct HostileMarkupTests {
    static let img = #"<img src="a.jpg" alt="" width="1" height="1""#

    static let cases: [VocabularyCase] = [
        // srcdoc
        VocabularyCase("iframe srcdoc with a script", body: #"<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>"#,
                       [(5, 1, .embeddedDocument(element: "iframe", attribute: "srcdoc"))]),
        VocabularyCase("iframe srcdoc without script is still a document", body: #"<p><iframe srcdoc="&lt;b&gt;x&lt;/b&gt;"></iframe></p>"#,
                       [(5, 4, .embeddedDocument(element: "iframe", attribute: "srcdoc"))]),
        VocabularyCase("empty srcdoc", body: #"<iframe srcdoc=""></iframe>"#, []),
        // data: documents
        VocabularyCase("data: iframe", body: #"<iframe src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>"#,
                       [(5, 1, .dataURLDocument(element: "iframe", attribute: "src"))]),
        VocabularyCase("data: object", body: #"<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>"#,
                       [(5, 1, .dataURLDocument(element: "object", attribute: "data"))]),
        VocabularyCase("data: embed, upper case, leading space", body: "<embed src=\" \tDATA:image/svg+xml,x\" />",
                       [(5, 1, .dataURLDocument(element: "embed", attribute: "src"))]),
        VocabularyCase("data: image is fine", body: img + #" srcset="data:image/png;base64,iVBORw0KGgo= 2x" />"#, []),
        VocabularyCase("javascript: iframe", body: #"<iframe src="javascript:alert(1)"></iframe>"#,
                       [(5, 1, .unsafeURL(element: "iframe", attribute: "src"))]),
        VocabularyCase("vbscript: object", body: #"<object data="vbscript:msgbox(1)"></object>"#,
                       [(5, 1, .unsafeURL(element: "object", attribute: "data"))]),
        // CSS
        VocabularyCase("@import in <style>", body: "<style>\np { color: red }\n  @import url(https://evil.example/x.css);</style>",
                       [(7, 3, .styleImport(element: "style")),
                        (7, 11, .styleExternalURL(element: "style", url: "https://evil.example/x.css"))]),
        VocabularyCase("relative @import, upper case", body: "<style>@IMPORT 'x.css';</style>",
                       [(5, 8, .styleImport(element: "style"))]),
        VocabularyCase("@import spelt with a CSS escape", body: #"<style>@\69mport "x.css";</style>"#,
                       [(5, 8, .styleImport(element: "style"))]),
        VocabularyCase("@import behind a comment", body: "<style>/* x */@import 'x.css';</style>",
                       [(5, 15, .styleImport(element: "style"))]),
        VocabularyCase("url(http:) in <style>", body: "<style>p { background: url(http://evil.example/a.png) }</style>",
                       [(5, 24, .styleExternalURL(element: "style", url: "http://evil.example/a.png"))]),
        VocabularyCase("URL(\"//\") in <style>", body: #"<style>p { background: URL( "//evil.example/a.png" ) }</style>"#,
                       [(5, 24, .styleExternalURL(element: "style", url: "//evil.example/a.png"))]),
        VocabularyCase("image-set string in <style>", body: #"<style>p { background: image-set("https://evil.example/a.png" 1x) }</style>"#,
                       [(5, 34, .styleExternalURL(element: "style", url: "https://evil.example/a.png"))]),
        VocabularyCase("url() in a style attribute", body: #"<p style="background-image: url('https://evil.example/t.gif')">x</p>"#,
                       [(5, 1, .styleExternalURL(element: "p", url: "https://evil.example/t.gif"))]),
        VocabularyCase("escaped url() with //", body: #"<p style="background: u\72l(//evil.example/t.gif)">x</p>"#,
                       [(5, 1, .styleExternalURL(element: "p", url: "//evil.example/t.gif"))]),
        VocabularyCase("url() with /\\ in a style attribute", body: #"<p style="background: url(/\\evil.example/t.gif)">x</p>"#,
                       [(5, 1, .styleExternalURL(element: "p", url: #"/\evil.example/t.gif"#))]),
        VocabularyCase("relative url() and theme-like style", body: #"<p style="background: url(thumbs/a.jpg); left: 25%; --w: 400px">x</p><style>.a { background: url("a.png") }</style>"#, []),
        VocabularyCase("url() in SVG style", body: #"<svg width="1" height="1"><rect width="1" height="1" style="fill: url(https://evil.example/p.svg#g)" /></svg>"#,
                       [(5, 27, .styleExternalURL(element: "rect", url: "https://evil.example/p.svg#g"))]),
        // meta refresh
        VocabularyCase("refresh to another host", body: #"<meta http-equiv="refresh" content="0;url=https://evil.example" />"#,
                       [(5, 1, .metaRefresh)]),
        VocabularyCase("refresh without a URL, any case", body: #"<meta http-equiv=" Refresh" content="30" />"#,
                       [(5, 1, .metaRefresh)]),
        // base, forms, SVG links, imports, srcset, ping
        VocabularyCase("base href", body: #"<base href="https://evil.example/" />"#, [(5, 1, .baseURL("https://evil.example/"))]),
        VocabularyCase("relative base href", body: #"<base href="../" />"#, [(5, 1, .baseURL("../"))]),
        VocabularyCase("base with target only", body: #"<base target="_blank" />"#, []),
        VocabularyCase("form action and formaction", body: #"<form action="javascript:alert(1)"><button formaction=" JavaScript:alert(2)">x</button><input type="image" alt="" formaction="vbscript:x" /></form>"#, [
            (5, 1, .unsafeURL(element: "form", attribute: "action")),
            (5, 36, .unsafeURL(element: "button", attribute: "formaction")),
            (5, 88, .unsafeURL(element: "input", attribute: "formaction")),
        ]),
        VocabularyCase("SVG a href and xlink:href", body: #"<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="1" height="1"><a href="javascript:alert(1)"><text>x</text></a><a xlink:href="java&#x09;script:alert(2)"><text>y</text></a></svg>"#, [
            (5, 70, .unsafeURL(element: "a", attribute: "href")),
            (5, 118, .unsafeURL(element: "a", attribute: "xlink:href")),
        ]),
        VocabularyCase("SVG use from another host", body: ##"<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="1" height="1"><use href="https://evil.example/s.svg#a" /><use xlink:href="//evil.example/s.svg#b" /><use href="#local" /><use href="icons.svg#x" /></svg>"##, [
            (5, 70, .externalResource(attribute: "href", url: "https://evil.example/s.svg#a")),
            (5, 113, .externalResource(attribute: "xlink:href", url: "//evil.example/s.svg#b")),
        ]),
        VocabularyCase("SVG use of a data: document", body: #"<svg width="1" height="1"><use href="data:image/svg+xml,x#a" /></svg>"#,
                       [(5, 27, .dataURLDocument(element: "use", attribute: "href"))]),
        VocabularyCase("SVG image from another host", body: #"<svg width="1" height="1"><image href="https://evil.example/t.png" width="1" height="1" /></svg>"#,
                       [(5, 27, .externalResource(attribute: "href", url: "https://evil.example/t.png"))]),
        VocabularyCase("link rel=import", body: #"<link rel="stylesheet Import" href="x.html" />"#, [(5, 1, .htmlImport)]),
        VocabularyCase("srcset with a script URL in a later candidate", body: img + #" srcset="a.jpg 1x, javascript:alert(1) 2x" />"#,
                       [(5, 1, .unsafeURL(element: "img", attribute: "srcset"))]),
        VocabularyCase("imagesrcset with a script URL", body: #"<link rel="preload" as="image" href="a.jpg" imagesrcset="a.jpg 1x,vbscript:x 2x" />"#,
                       [(5, 1, .unsafeURL(element: "link", attribute: "imagesrcset"))]),
        VocabularyCase("ping to another host", body: #"<a href="a.html" ping="p.html https://tracker.example/p">x</a>"#,
                       [(5, 1, .externalResource(attribute: "ping", url: "https://tracker.example/p"))]),
        VocabularyCase("ping with a script URL", body: #"<a href="a.html" ping="javascript:alert(1)">x</a>"#,
                       [(5, 1, .unsafeURL(element: "a", attribute: "ping"))]),
        VocabularyCase("object data from another host", body: #"<object data="https://evil.example/x.swf"></object>"#,
                       [(5, 1, .externalResource(attribute: "data", url: "https://evil.example/x.swf"))]),
    ]

    @Test("Hostile markup is reported at its position", arguments: cases)
    func hostile(_ testCase: VocabularyCase) {
        #expect(PageCheck.check(testCase.page) == testCase.expected)
    }

    @Test("A raw srcdoc, as {{{caption}}} prints it, is not even well-formed")
    func rawSrcdoc() {
        let page = TestPages.page(body: #"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#)
        #expect(PageCheck.check(page).first == MarkupIssue(line: 5, column: 17,
                                                           kind: .notWellFormed("Unescaped '<' not allowed in attributes values")))
    }

    @Test("The valid test page still passes")
    func validPage() {
        #expect(PageCheck.check(TestPages.valid, allowing: TestPages.validTheme).isEmpty)
    }
}
