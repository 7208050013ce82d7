@testable import MarkupCheck
import Testing

/// "…unless the theme's own template text holds it": a URL the rules refuse
/// passes when the theme's template writes it on the same element and
/// attribute, with the part that decides (scheme, media type, host) in its
/// literal text. A Mustache tag before that part decides nothing: data
/// would be choosing the scheme or the host.
@Suite("URLs the theme's own templates write")
struct ThemeURLTests {
    static let theme = ScriptAllowance(templateSources: [
        #"<a class="hello" href="data:text/html,%3Ch1%3EHi%3C/h1%3E">Hi</a>"#,
        #"<form action="https://search.example/find"><button formaction="https://search.example/{{kind}}">Go</button></form>"#,
        #"<img src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E" alt="" width="1" height="1" />"#,
        #"<img src="a.jpg" srcset="data:image/svg+xml,%3Csvg/%3E 1x, b.jpg 2x" alt="" width="1" height="1" />"#,
        #"<a class="print" href="javascript:print()">Print</a>"#,
        // Data decides the host or the scheme here, so these are not taken.
        #"<form class="any" action="{{searchURL}}"></form>"#,
        #"<form class="half" action="https://search.example{{path}}"></form>"#,
        #"<a class="split" href="java{{x}}script:alert(1)">x</a>"#,
        #"<a class="typed" href="data:{{type}},x">x</a>"#,
        #"<img src="a.jpg" srcset="{{src}} 1x, data:image/svg+xml,%3Csvg/%3E 2x" alt="" width="1" height="1" />"#,
    ])

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let notTheirs = "is not in the theme's templates"
    static let dataReason = "data: URL in %@ is not in the theme's templates; "
        + "data may only give <img> or <source> a raster image (data:image/png, jpeg, gif, webp or avif) in src or srcset"

    static func data(_ place: String) -> String {
        dataReason.replacingAll("%@", with: place)
    }

    static let cases: [Case] = [
        Case(name: "the theme's data: link", body: #"<a class="hello" href="data:text/html,%3Ch1%3EHi%3C/h1%3E">Hi</a>"#, expected: []),
        Case(name: "another data: link", body: #"<a href="data:text/html,%3Cscript%3E">Hi</a>"#,
             expected: ["5:1: " + data("href on <a>")]),
        Case(name: "the theme's data: URL on another element", body: #"<iframe src="data:text/html,%3Ch1%3EHi%3C/h1%3E"></iframe>"#,
             expected: ["5:1: data: URL in src on <iframe> is a document, which may run script"]),
        Case(name: "the theme's form", body: #"<form action="https://search.example/find"><button formaction="https://search.example/images">Go</button></form>"#,
             expected: []),
        Case(name: "the theme's button sent elsewhere", body: #"<form action="https://search.example/find"><button formaction="https://evil.example/images">Go</button></form>"#,
             expected: [#"5:44: formaction="https://evil.example/images" on <button> sends the form off the site and \#(notTheirs)"#]),
        Case(name: "a form whose template takes its whole URL from data", body: #"<form class="any" action="https://evil.example/"></form>"#,
             expected: [#"5:1: action="https://evil.example/" on <form> sends the form off the site and \#(notTheirs)"#]),
        Case(name: "a host the template left open", body: #"<form class="half" action="https://search.example.evil.example/"></form>"#,
             expected: [#"5:1: action="https://search.example.evil.example/" on <form> sends the form off the site and \#(notTheirs)"#]),
        Case(name: "the theme's SVG image", body: #"<img src="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E" alt="" width="1" height="1" />"#,
             expected: []),
        Case(name: "another SVG image", body: #"<img src="data:image/svg+xml,%3Csvg%20onload='alert(1)'/%3E" alt="" width="1" height="1" />"#,
             expected: ["5:1: " + data("src on <img>")]),
        Case(name: "the theme's literal srcset", body: #"<img src="a.jpg" srcset="data:image/svg+xml,%3Csvg/%3E 1x, b.jpg 2x" alt="" width="1" height="1" />"#,
             expected: []),
        Case(name: "a srcset whose template has a tag", body: #"<img src="a.jpg" srcset="javascript:alert(1) 1x, data:image/svg+xml,%3Csvg/%3E 2x" alt="" width="1" height="1" />"#,
             expected: ["5:1: script URL in srcset on <img> \(notTheirs)", "5:1: " + data("srcset on <img>")]),
        Case(name: "the theme's script URL", body: #"<a class="print" href="javascript:print()">Print</a>"#, expected: []),
        Case(name: "a scheme split by a tag", body: #"<a class="split" href="javascript:alert(1)">x</a>"#,
             expected: ["5:1: script URL in href on <a> \(notTheirs)"]),
        Case(name: "a media type from data", body: #"<a class="typed" href="data:text/html,x">x</a>"#,
             expected: ["5:1: " + data("href on <a>")]),
    ]

    @Test("Only what the theme writes passes", arguments: cases)
    func theme(_ testCase: Case) {
        let issues = PageCheck.check(TestPages.page(body: testCase.body), allowing: Self.theme)
        #expect(issues.map(\.description) == testCase.expected)
    }
}
