@testable import MarkupCheck
import Testing

/// Issue 28: every URL-bearing attribute is held to the same rules, however
/// the URL is spelt. A payload is put in each attribute a raw caption could
/// write; each must be reported at its element, naming the attribute and
/// the reason. Expectations are the issues' text, `line:column: …`.
@Suite("URL-bearing attributes, every spelling")
struct URLAttributeTests {
    /// Where a payload goes: an element and attribute in a test page.
    struct Place: Sendable {
        var name: String
        /// The element as the issue names it, and the attribute as written.
        var element: String
        var attribute: String
        /// The page with `URL` replaced by the payload; `TestPages.page` unless a whole page is given.
        var body: String
        var wholePage = false
        /// Where the element's `<` is.
        var line = 5
        var column = 1
        /// A space-separated list of URLs (`srcset` candidates, `ping`): a
        /// space or newline inside a scheme splits it, so such spellings are left out.
        var isList = false
        /// Where a browser loads a document (`data:` there is a `.dataURLDocument`).
        var loadsDocument = false
        /// `action` / `formaction`: the form is sent there.
        var submits = false
        /// Issues the place has whatever the URL (obsolete attributes).
        var extra: [String] = []

        func page(with url: String) -> String {
            let filled = body.replacingAll("URL", with: url)
            return wholePage ? filled : TestPages.page(body: filled)
        }
    }

    /// A URL as the page writes it (references unresolved) and as a browser reads it.
    struct Spelling: Sendable {
        enum Family: Sendable { case script, data, offSite }
        var written: String
        var family: Family
        /// The URL after the browser's clean-up (trimmed, tabs and newlines removed).
        var read: String
        /// A space, tab or newline inside the scheme.
        var innerSpace = false
    }

    static let img = #"alt="" width="1" height="1""#

    static let places: [Place] = [
        Place(name: "a href", element: "a", attribute: "href", body: #"<a href="URL">x</a>"#),
        Place(name: "a HREF (upper case)", element: "a", attribute: "HREF", body: #"<a HREF="URL">x</a>"#),
        Place(name: "area href", element: "area", attribute: "href", body: #"<map name="m"><area href="URL" alt="" /></map>"#, column: 15),
        Place(name: "img src", element: "img", attribute: "src", body: #"<img src="URL" \#(img) />"#),
        Place(name: "img srcset, only candidate", element: "img", attribute: "srcset",
              body: #"<img src="a.jpg" srcset="URL 2x" \#(img) />"#, isList: true),
        Place(name: "img srcset, later candidate", element: "img", attribute: "srcset",
              body: #"<img src="a.jpg" srcset="a.jpg 1x,URL 2x" \#(img) />"#, isList: true),
        Place(name: "source srcset", element: "source", attribute: "srcset",
              body: #"<picture><source srcset="URL" /><img src="a.jpg" \#(img) /></picture>"#, column: 10, isList: true),
        Place(name: "link imagesrcset", element: "link", attribute: "imagesrcset",
              body: #"<link rel="preload" as="image" href="a.jpg" imagesrcset="URL 1x" />"#, isList: true),
        Place(name: "form action", element: "form", attribute: "action", body: #"<form action="URL"></form>"#, submits: true),
        Place(name: "button formaction", element: "button", attribute: "formaction",
              body: #"<form action="f.html"><button formaction="URL">x</button></form>"#, column: 23, submits: true),
        Place(name: "input formaction", element: "input", attribute: "formaction",
              body: #"<input type="submit" formaction="URL" />"#, submits: true),
        Place(name: "video poster", element: "video", attribute: "poster", body: #"<video poster="URL"></video>"#),
        Place(name: "object data", element: "object", attribute: "data", body: #"<object data="URL"></object>"#, loadsDocument: true),
        Place(name: "iframe src", element: "iframe", attribute: "src", body: #"<iframe src="URL"></iframe>"#, loadsDocument: true),
        Place(name: "embed src", element: "embed", attribute: "src", body: #"<embed src="URL" />"#, loadsDocument: true),
        Place(name: "table background", element: "table", attribute: "background",
              body: #"<table background="URL"><tr><td>x</td></tr></table>"#,
              extra: ["5:1: unknown attribute background on <table>"]),
        Place(name: "SVG a xlink:href", element: "a", attribute: "xlink:href",
              body: #"<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="1" height="1"><a xlink:href="URL"><text>x</text></a></svg>"#,
              column: 70),
        Place(name: "SVG a href", element: "a", attribute: "href",
              body: #"<svg width="1" height="1"><a href="URL"><text>x</text></a></svg>"#, column: 27),
        Place(name: "a ping", element: "a", attribute: "ping", body: #"<a href="a.html" ping="URL">x</a>"#, isList: true),
        Place(name: "blockquote cite", element: "blockquote", attribute: "cite", body: #"<blockquote cite="URL">x</blockquote>"#),
        Place(name: "del cite", element: "del", attribute: "cite", body: #"<p><del cite="URL">x</del></p>"#, column: 4),
        Place(name: "html manifest", element: "html", attribute: "manifest", body: """
            <!DOCTYPE html>
            <html lang="en" manifest="URL">
            <head><meta charset="utf-8" /><title>Test</title></head>
            <body><p>x</p></body>
            </html>
            """, wholePage: true, line: 2, extra: ["2:1: unknown attribute manifest on <html>"]),
    ]

    static let spellings: [Spelling] = [
        // javascript: and vbscript:
        Spelling(written: "javascript:alert(1)", family: .script, read: "javascript:alert(1)"),
        Spelling(written: "JaVaScRiPt:alert(1)", family: .script, read: "JaVaScRiPt:alert(1)"),
        Spelling(written: "&#106;avascript:alert(1)", family: .script, read: "javascript:alert(1)"),
        Spelling(written: "&#x09;javascript:alert(1)", family: .script, read: "javascript:alert(1)"),
        Spelling(written: " &#x0A; javascript:alert(1) ", family: .script, read: "javascript:alert(1)"),
        Spelling(written: "java&#10;script:alert(1)", family: .script, read: "javascript:alert(1)", innerSpace: true),
        Spelling(written: "jav&#x09;a&#x0D;script&#x09;:alert(1)", family: .script, read: "javascript:alert(1)", innerSpace: true),
        Spelling(written: "VBScript:msgbox(1)", family: .script, read: "VBScript:msgbox(1)"),
        // data: that is not a raster image
        Spelling(written: "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E", family: .data, read: ""),
        Spelling(written: " data:text/html,x", family: .data, read: ""),
        Spelling(written: "DATA:text/html,x", family: .data, read: ""),
        Spelling(written: "&#100;ata:text/html,x", family: .data, read: ""),
        Spelling(written: "da&#x09;ta:text/html,x", family: .data, read: "", innerSpace: true),
        Spelling(written: "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", family: .data, read: ""),
        Spelling(written: "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20onload='alert(1)'/%3E",
                 family: .data, read: ""),
        Spelling(written: "Data:Image/SVG+XML;base64,PHN2Zz4=", family: .data, read: ""),
        Spelling(written: "data:,x", family: .data, read: ""),
        // A form sent to another host (only `action` and `formaction`)
        Spelling(written: "https://evil.example/", family: .offSite, read: "https://evil.example/"),
        Spelling(written: "HTTPS://evil.example/", family: .offSite, read: "HTTPS://evil.example/"),
        Spelling(written: "//evil.example/collect", family: .offSite, read: "//evil.example/collect"),
        Spelling(written: #"\\evil.example/"#, family: .offSite, read: #"\\evil.example/"#),
        Spelling(written: #"/\evil.example/"#, family: .offSite, read: #"/\evil.example/"#),
        Spelling(written: " https:evil.example", family: .offSite, read: "https:evil.example"),
        Spelling(written: "ht&#x09;tps://evil.example/", family: .offSite, read: "https://evil.example/", innerSpace: true),
        Spelling(written: "&#x0A;//evil.example/", family: .offSite, read: "//evil.example/"),
        Spelling(written: "ftp://evil.example/", family: .offSite, read: "ftp://evil.example/"),
        Spelling(written: "mailto:drop@evil.example", family: .offSite, read: "mailto:drop@evil.example"),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var page: String
        var expected: [String]
        var testDescription: String { name }
    }

    /// The issue a browser-read payload must give at a place.
    static func expected(_ spelling: Spelling, at place: Place) -> String {
        let at = "\(place.line):\(place.column): "
        switch spelling.family {
        case .script:
            return at + "script URL in \(place.attribute) on <\(place.element)> is not in the theme's templates"
        case .data where place.loadsDocument:
            return at + "data: URL in \(place.attribute) on <\(place.element)> is a document, which may run script"
        case .data:
            return at + "data: URL in \(place.attribute) on <\(place.element)> is not in the theme's templates; "
                + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"
        case .offSite:
            return at + "\(place.attribute)=\"\(spelling.read)\" on <\(place.element)> sends the form off the site "
                + "and is not in the theme's templates"
        }
    }

    /// Every place × every spelling that applies there.
    static let cases: [Case] = places.flatMap { place in
        spellings.compactMap { spelling -> Case? in
            if place.isList, spelling.innerSpace { return nil }
            if spelling.family == .offSite, !place.submits { return nil }
            return Case(name: "\(place.name) = \(spelling.written)", page: place.page(with: spelling.written),
                        expected: place.extra + [expected(spelling, at: place)])
        }
    }

    @Test("Each payload is reported at its element, naming the attribute and reason", arguments: cases)
    func refused(_ testCase: Case) {
        #expect(PageCheck.check(testCase.page).map(\.description) == testCase.expected)
    }

    /// Boundaries of the `data:` rule: only a raster image, only in `src` /
    /// `srcset` of `<img>` and `<source>`.
    static let dataBoundaries: [Case] = [
        Case(name: "data:image/png in a link", page: TestPages.page(body: #"<a href="data:image/png;base64,iVBORw0KGgo=">x</a>"#),
             expected: ["5:1: data: URL in href on <a> is not in the theme's templates; "
                        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"]),
        Case(name: "data:image/png as a poster", page: TestPages.page(body: #"<video poster="data:image/png;base64,iVBORw0KGgo="></video>"#),
             expected: ["5:1: data: URL in poster on <video> is not in the theme's templates; "
                        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"]),
        Case(name: "data:image/png in an iframe", page: TestPages.page(body: #"<iframe src="data:image/png;base64,iVBORw0KGgo="></iframe>"#),
             expected: ["5:1: data: URL in src on <iframe> is a document, which may run script"]),
        Case(name: "an image type that is not raster", page: TestPages.page(body: #"<img src="data:image/pngx,AAAA" \#(img) />"#),
             expected: ["5:1: data: URL in src on <img> is not in the theme's templates; "
                        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"]),
        Case(name: "SVG among raster candidates", page: TestPages.page(body: #"<img src="a.jpg" srcset="data:image/png;base64,AA 1x, data:image/svg+xml,%3Csvg/%3E 2x" \#(img) />"#),
             expected: ["5:1: data: URL in srcset on <img> is not in the theme's templates; "
                        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"]),
        Case(name: "script and data in one srcset: both reasons, once each", page: TestPages.page(body: #"<img src="a.jpg" srcset="javascript:a 1x,data:text/html,b 2x,javascript:c 3x" \#(img) />"#),
             expected: ["5:1: script URL in srcset on <img> is not in the theme's templates",
                        "5:1: data: URL in srcset on <img> is not in the theme's templates; "
                        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"]),
    ]

    @Test("data: URLs: only raster images in img/source src and srcset", arguments: dataBoundaries)
    func dataBoundary(_ testCase: Case) {
        #expect(PageCheck.check(testCase.page).map(\.description) == testCase.expected)
    }

    /// What must keep passing.
    static let allowed: [String] = [
        #"<img src="data:image/png;base64,iVBORw0KGgo=" \#(img) />"#,
        #"<img src=" DATA:Image/JPEG;base64,/9j/" \#(img) />"#,
        #"<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" \#(img) />"#,
        #"<img src="a.jpg" srcset="data:image/webp;base64,UklGRg== 1x, data:image/avif;base64,AAAA 2x" \#(img) />"#,
        #"<picture><source type="image/png" srcset="data:image/png;charset=x;base64,iVBORw0KGgo=" /><img src="a.jpg" \#(img) /></picture>"#,
        #"<video><source src="data:image/png,x" /></video>"#,
        #"<p><a href="https://example.org/">a</a> <a href="HTTP://example.org/javascript:">b</a></p>"#,
        #"<p><a href="photos/a%20b.html">a</a> <a href="../index.html#top">b</a> <a href="?page=2">c</a></p>"#,
        #"<p><a href="mailto:me@example.org">a</a> <a href="tel:+41000000">b</a></p>"#,
        #"<p><a href="javascript.html">a</a> <a href="data.html">b</a> <a href="datax:y">c</a> <a href="./javascript:x">d</a></p>"#,
        #"<form action="search.html"><button formaction="?q=1">x</button><input type="submit" formaction="" /></form>"#,
        #"<form action="../find/index.html#results"><button formaction="find.html?q=%2F%2Fx">x</button></form>"#,
        #"<blockquote cite="https://example.org/source">x</blockquote>"#,
        #"<a href="a.html" ping="p.html q.html">x</a>"#,
        #"<video poster="thumbs/v.jpg"></video>"#,
    ]

    @Test("Safe URLs pass", arguments: allowed)
    func passes(_ body: String) {
        #expect(PageCheck.check(TestPages.page(body: body)).map(\.description) == [])
    }
}
