@testable import MarkupCheck
import Testing

/// The one URL classifier, on its own: what a browser's URL parser makes of
/// the attribute text (references already resolved, as libxml2 hands them).
@Suite("URLKind: a URL as a browser reads it")
struct URLKindTests {
    static let wholeURLs: [(String, URLKind)] = [
        ("javascript:alert(1)", .script),
        ("JaVaScRiPt:alert(1)", .script),
        ("\u{1}javascript:alert(1)", .script),
        ("\u{1F}\u{0} \tjavascript:alert(1)\u{7} ", .script),
        ("java\nscript:alert(1)", .script),
        ("jav\ta\rscript\t:alert(1)", .script),
        ("vbscript:msgbox(1)", .script),
        ("java\u{1}script:alert(1)", .relative), // a control inside is not removed: no scheme
        ("java script:alert(1)", .relative),
        ("\u{A0}javascript:alert(1)", .relative), // U+00A0 is not stripped
        ("./javascript:alert(1)", .relative),
        ("javascript.html", .relative),
        ("data:image/png;base64,iVBORw0KGgo=", .data(rasterImage: true)),
        (" DATA:Image/JPEG,x", .data(rasterImage: true)),
        ("data: image/webp ;base64,x", .data(rasterImage: true)),
        ("data:image/avif,x", .data(rasterImage: true)),
        ("data:image/gif", .data(rasterImage: true)),
        ("da\tta:image/svg+xml,x", .data(rasterImage: false)),
        ("data:image/png x,y", .data(rasterImage: false)), // not a valid media type
        ("data:image/pngx,y", .data(rasterImage: false)),
        ("data:text/html,x", .data(rasterImage: false)),
        ("data:,x", .data(rasterImage: false)),
        ("https://example.org/", .web),
        ("HTTP:example.org", .web),
        ("ht\ttps://evil.example/", .web),
        ("ftp://x/", .web),
        ("//evil.example/", .otherHost),
        ("\\\\evil.example/", .otherHost),
        ("/\\evil.example/", .otherHost),
        ("\n//evil.example/", .otherHost),
        ("/index.html", .relative),
        ("mailto:a@b.c", .otherScheme),
        ("file:///etc/passwd", .otherScheme),
        ("", .relative),
        ("  ", .relative),
        ("a-very-long-scheme-name-beyond-sixteen:x", .otherScheme),
    ]

    @Test("Whole URLs", arguments: wholeURLs)
    func whole(_ url: String, _ kind: URLKind) {
        #expect(URLKind.of(url) == kind)
    }

    /// A template's literal text before a Mustache tag: nil when the tag could still change the kind.
    static let heads: [(String, URLKind?)] = [
        ("javascript:", .script),
        ("java", nil),
        ("", nil),
        ("/", nil),
        ("//", nil),
        ("//a.example", nil),
        ("//a.example/", .otherHost),
        ("https://search.example", nil),
        ("https://search.example/", .web),
        ("https://search.example?q=", .web),
        ("https:///search.example/", .web),
        ("https://", nil),
        ("https://?", nil),
        ("mailto:", .otherScheme),
        ("data:", nil),
        ("data:text/html", nil),
        ("data:text/html,", .data(rasterImage: false)),
        ("data:image/png;", .data(rasterImage: true)),
        ("photos/", .relative),
        ("../", .relative),
    ]

    @Test("Template heads", arguments: heads)
    func head(_ head: String, _ kind: URLKind?) {
        #expect(URLKind.decided(byHead: Array(head.utf8)) == kind)
    }

    @Test("A raw control character before javascript: never reaches the classifier: XML refuses it")
    func rawControl() {
        for written in ["\u{1}javascript:alert(1)", "&#1;javascript:alert(1)"] {
            let issues = PageCheck.check(TestPages.page(body: #"<a href="\#(written)">x</a>"#))
            #expect(issues.first.map { if case .notWellFormed = $0.kind { true } else { false } } == true, "\(issues)")
        }
    }
}
