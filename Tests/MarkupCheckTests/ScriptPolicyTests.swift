import MarkupCheck
import Testing

@Suite("Only the theme's own script")
struct ScriptPolicyTests {
    static let theme = ScriptAllowance(templateSources: [
        #"<script src="{{root}}viewer.js" defer="defer"></script>"#,
        #"<button onclick="history.back()">Back</button><a href="javascript:print()">Print</a>"#,
        // Data inside script text is never allowed, so this one is not taken.
        #"<script>var title = "{{title}}";</script>"#,
        // Nor a script whose attributes come from a tag.
        #"<script {{attributes}}></script>"#,
        // A JSON data block: browsers never run it, so its text may come from data.
        #"<script type="application/json" id="cascade-strings">{{{viewerStringsJSON}}}</script>"#,
        // Not data blocks: a type from data, a type that runs, text beside the tag.
        #"<script type="{{type}}" id="t">{{{json}}}</script>"#,
        #"<script type="module" id="m">{{{code}}}</script>"#,
        #"<script type="application/json" id="two">{{{a}}}x{{{b}}}</script>"#,
    ])

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "theme script, any root", body: #"<script src="../viewer.js" defer="defer"></script>"#, expected: []),
        Case(name: "theme script at the top", body: #"<script src="viewer.js" defer="defer"></script>"#, expected: []),
        Case(name: "other file name", body: #"<script src="evil.js" defer="defer"></script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "extra attribute", body: #"<script src="viewer.js" defer="defer" async="async"></script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "theme tag with added text", body: #"<script src="viewer.js" defer="defer">alert(1)</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "inline script from data", body: "<p>x</p><script>alert(1)</script>",
             expected: ["5:9: <script> element is not one of the theme's templates"]),
        Case(name: "script with data in its text", body: #"<script>var title = "Iceland";</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "JSON data block", body: #"<script type="application/json" id="cascade-strings">{"viewerClose":"\u003c/script\u003e"}</script>"#,
             expected: []),
        Case(name: "data block holding an entity", body: #"<script type="application/json" id="cascade-strings">{"a":"&amp;"}</script>"#,
             expected: ["5:1: <script> text uses an escape or CDATA, which HTML reads literally",
                        "5:1: <script> element is not one of the theme's templates"]),
        Case(name: "data block retyped", body: #"<script type="text/javascript" id="cascade-strings">alert(1)</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "data block with another attribute", body: #"<script type="application/json" id="cascade-strings" src="x.js"></script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "type from data", body: #"<script type="application/json" id="t">{}</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "module from data", body: #"<script type="module" id="m">alert(1)</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "two tags in a data block", body: #"<script type="application/json" id="two">{}x{}</script>"#,
             expected: ["5:1: <script> element is not one of the theme's templates"]),
        Case(name: "theme handler", body: #"<button onclick="history.back()">Back</button>"#, expected: []),
        Case(name: "handler with other code", body: #"<button onclick="alert(1)">Back</button>"#,
             expected: ["5:1: event handler attribute onclick on <button> is not in the theme's templates"]),
        Case(name: "handler from a caption", body: #"<img src="a.jpg" alt="x" width="1" height="1" onerror="alert(1)" />"#,
             expected: ["5:1: event handler attribute onerror on <img> is not in the theme's templates"]),
        Case(name: "theme script URL", body: #"<a href="javascript:print()">Print</a>"#, expected: []),
        Case(name: "other script URL", body: #"<p><a href="javascript:alert(1)">x</a></p>"#,
             expected: ["5:4: script URL in href on <a> is not in the theme's templates"]),
    ]

    @Test("Script is allowed only as the theme writes it", arguments: cases)
    func policy(_ testCase: Case) {
        let issues = PageCheck.check(TestPages.page(body: testCase.body), allowing: Self.theme)
        #expect(issues.map(\.description) == testCase.expected)
    }

    @Test("Without a theme no script passes")
    func none() {
        let page = TestPages.page(body: #"<script src="viewer.js" defer="defer"></script>"#)
        #expect(PageCheck.check(page).map(\.description) == ["5:1: <script> element is not one of the theme's templates"])
    }
}
