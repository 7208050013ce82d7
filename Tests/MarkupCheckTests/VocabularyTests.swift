import Testing
import MarkupCheck

/// A page and every issue expected, in order.
struct VocabularyCase: Sendable, CustomTestStringConvertible {
    var name: String
    var page: String
    var expected: [MarkupIssue]
    var testDescription: String { name }

    init(_ name: String, body: String, _ expected: [(Int, Int, MarkupIssue.Kind)]) {
        self.init(name, page: TestPages.page(body: body), expected)
    }

    init(_ name: String, page: String, _ expected: [(Int, Int, MarkupIssue.Kind)]) {
        self.name = name
        self.page = page
        self.expected = expected.map { MarkupIssue(line: $0.0, column: $0.1, kind: $0.2) }
    }
}

@Suite("HTML5 vocabulary check")
struct VocabularyTests {
    static let img = #"<img src="a.jpg" alt="A" width="4" height="3" />"#

    // Body lines start at 5:1; positions are the `<` of the element.
    static let cases: [VocabularyCase] = [
        VocabularyCase("duplicate id", body: "<p id=\"a\">x</p>\n  <p id=\"a\">y</p>", [(6, 3, .duplicateID("a"))]),
        VocabularyCase("duplicate id across HTML and SVG", body: #"<p id="i">x</p><svg><g id="i" /></svg>"#,
                       [(5, 21, .duplicateID("i"))]),
        VocabularyCase("empty id", body: #"<p id="">x</p>"#, [(5, 1, .invalidID(""))]),
        VocabularyCase("id with a space", body: #"<p id="a b">x</p>"#, [(5, 1, .invalidID("a b"))]),
        VocabularyCase("img without alt", body: #"<img src="a.jpg" width="4" height="3" />"#,
                       [(5, 1, .missingAttribute(element: "img", attribute: "alt"))]),
        VocabularyCase("img without width and height", body: #"<p><img src="a.jpg" alt="" /></p>"#, [
            (5, 4, .missingAttribute(element: "img", attribute: "width")),
            (5, 4, .missingAttribute(element: "img", attribute: "height")),
        ]),
        VocabularyCase("img with a non-integer size", body: #"<img src="a.jpg" alt="" width="4.5" height="auto" />"#, [
            (5, 1, .invalidAttributeValue(element: "img", attribute: "width", value: "4.5")),
            (5, 1, .invalidAttributeValue(element: "img", attribute: "height", value: "auto")),
        ]),
        VocabularyCase("unknown element", body: "<div>\n\t<blink>x</blink></div>", [(6, 2, .unknownElement("blink"))]),
        VocabularyCase("upper-case element", body: "<DIV>x</DIV>", [(5, 1, .unknownElement("DIV"))]),
        VocabularyCase("prefixed element", body: #"<x:p xmlns:x="http://www.w3.org/1999/xhtml">x</x:p>"#,
                       [(5, 1, .unknownElement("x:p"))]),
        VocabularyCase("foreign namespace", body: #"<p xmlns="urn:example">x</p>"#,
                       [(5, 1, .wrongNamespace(element: "p", namespace: "urn:example"))]),
        VocabularyCase("SVG namespace outside svg", body: #"<p xmlns="http://www.w3.org/2000/svg">x</p>"#,
                       [(5, 1, .wrongNamespace(element: "p", namespace: "http://www.w3.org/2000/svg"))]),
        VocabularyCase("HTML inside svg", body: #"<svg width="1" height="1"><div /></svg>"#, [(5, 27, .unknownElement("div"))]),
        VocabularyCase("script inside svg", body: #"<svg><script>x()</script></svg>"#, [(5, 6, .unknownElement("script"))]),
        VocabularyCase("self-closed div", body: "<div />", [(5, 1, .selfClosedNonVoidElement("div"))]),
        VocabularyCase("self-closed script", body: #"<script src="a.js" />"#, [(5, 1, .selfClosedNonVoidElement("script"))]),
        VocabularyCase("br with an end tag", body: "<p>a<br></br>b</p>", [(5, 5, .voidElementNotSelfClosed("br"))]),
        VocabularyCase("img with content", body: #"<img src="a.jpg" alt="" width="1" height="1">x</img>"#,
                       [(5, 1, .voidElementNotSelfClosed("img"))]),
        VocabularyCase("escaped < in script", body: "<script>if (a &lt; b) {}</script>", [(5, 1, .escapedRawText("script"))]),
        VocabularyCase("CDATA in style", body: "<style><![CDATA[a > b {}]]></style>", [(5, 1, .escapedRawText("style"))]),
        VocabularyCase("event handler", body: #"<img src="x" alt="" width="1" height="1" onerror="alert(1)" />"#,
                       [(5, 1, .eventHandlerAttribute(element: "img", attribute: "onerror"))]),
        VocabularyCase("event handler on svg", body: #"<svg onLoad="alert(1)"></svg>"#,
                       [(5, 1, .eventHandlerAttribute(element: "svg", attribute: "onLoad"))]),
        VocabularyCase("javascript: link", body: "<p><a href=\" Java&#9;Script:alert(1)\">x</a></p>",
                       [(5, 4, .unsafeURL(element: "a", attribute: "href"))]),
        VocabularyCase("xlink:href in svg", body: #"<svg xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="vbscript:x"><text>x</text></a></svg>"#,
                       [(5, 49, .unsafeURL(element: "a", attribute: "xlink:href"))]),
        VocabularyCase("missing doctype", page: "<html><head><title>t</title></head><body></body></html>", [(1, 1, .missingDoctype)]),
        VocabularyCase("XHTML 1.0 doctype", page: """
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html><head><title>t</title></head><body></body></html>
            """, [(1, 1, .unexpectedDoctype)]),
        VocabularyCase("doctype after a comment", page: "<!-- x -->\n  <!DOCTYPE svg>\n<html></html>", [(2, 3, .unexpectedDoctype)]),
        VocabularyCase("root is not html", page: "<!DOCTYPE html>\n<body></body>", [(2, 1, .unexpectedRoot("body"))]),
        VocabularyCase("undeclared prefix", body: "<p><x:b>y</x:b></p>", [
            // A namespace error leaves a tree, so both checks report; sorted by position.
            (5, 4, .unknownElement("x:b")),
            (5, 8, .notWellFormed("Namespace prefix x on b is not defined")),
        ]),
        // Things that must stay allowed.
        VocabularyCase("allowed: relative and https links", body: #"<p><a href="javascript.html">a</a> <a href="https://x.org/javascript:">b</a></p>"#, []),
        VocabularyCase("allowed: > in script and style", body: "<style>a > b {}</style><script>if (a > b) {}</script>", []),
        VocabularyCase("allowed: empty div written with an end tag", body: "<div></div>", []),
        VocabularyCase("allowed: self-closed SVG children", body: #"<svg><rect width="1" height="1" /></svg>"#, []),
        VocabularyCase("unknown attribute", body: #"<p><img src="a.jpg" alt="" width="1" height="1" lazy="true" /><a hreff="x">y</a></p>"#,
                       [(5, 4, .unknownAttribute(element: "img", attribute: "lazy")), (5, 63, .unknownAttribute(element: "a", attribute: "hreff"))]),
        VocabularyCase("allowed: aria, role and element attributes", body: #"<nav aria-label="x" role="navigation"><time datetime="2024-05-12">x</time></nav>"#, []),
        VocabularyCase("allowed: data attributes", body: #"<div data-onload="x" data-id="a">x</div>"#, []),
    ]

    @Test("Each rule reports exactly its issues", arguments: cases)
    func rule(_ testCase: VocabularyCase) {
        // Cases about script syntax treat the page as its own theme, so the
        // theme-only script rule (tested in ScriptPolicyTests) stays out of them.
        let allowance = testCase.page.contains("<script") && !testCase.page.contains("<svg><script")
            ? ScriptAllowance(templateSources: [testCase.page]) : .none
        #expect(PageCheck.check(testCase.page, allowing: allowance) == testCase.expected)
    }
}
