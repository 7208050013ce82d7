import Mustache
import Testing

/// Whitespace cases beyond the spec's, as a gallery theme uses them.
struct WhitespaceCase: Sendable, CustomTestStringConvertible {
    let id: String
    let templates: [String: String]
    let data: Value
    let expected: String

    var testDescription: String { id }
}

let whitespaceCases: [WhitespaceCase] = [
    WhitespaceCase(
        id: "layout parent on its own lines, block with intrinsic indentation",
        templates: [
            "page": "{{<layout}}\n{{$title}}Fjords{{/title}}\n{{$main}}\n<p>{{count}} photos</p>\n<p>end</p>\n{{/main}}\n{{/layout}}\n",
            "layout": "<title>{{$title}}Untitled{{/title}}</title>\n<body>\n  {{$main}}\n  <p>empty</p>\n  {{/main}}\n</body>\n",
        ],
        data: ["count": 3],
        expected: "<title>Fjords</title>\n<body>\n  <p>3 photos</p>\n  <p>end</p>\n</body>\n"),
    WhitespaceCase(
        id: "block default keeps its indentation when not overridden",
        templates: ["page": "{{<layout}}{{/layout}}", "layout": "<body>\n  {{$main}}\n  <p>empty</p>\n  {{/main}}\n</body>\n"],
        data: nil,
        expected: "<body>\n  <p>empty</p>\n</body>\n"),
    WhitespaceCase(
        id: "nested standalone partials add up their indentation",
        templates: ["page": "<div>\n  {{>a}}\n</div>\n", "a": "<a>\n  {{>b}}\n</a>\n", "b": "<b/>\n<b/>\n"],
        data: nil,
        expected: "<div>\n  <a>\n    <b/>\n    <b/>\n  </a>\n</div>\n"),
    WhitespaceCase(
        id: "standalone partial in a section per list item",
        templates: ["page": "<ul>\n  {{#tiles}}\n  {{>tile}}\n  {{/tiles}}\n</ul>\n", "tile": "<li>{{.}}</li>\n"],
        data: ["tiles": ["a", "b"]],
        expected: "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n"),
    WhitespaceCase(
        id: "CRLF standalone lines inside an indented partial",
        templates: ["page": "x\r\n  {{>p}}\r\ny", "p": "{{#a}}\r\n1\r\n{{/a}}\r\n2\r\n"],
        data: ["a": true],
        expected: "x\r\n  1\r\n  2\r\ny"),
    WhitespaceCase(
        id: "inline partial is not indented",
        templates: ["page": "  <p>{{>p}}</p>\n", "p": "a\nb"],
        data: nil,
        expected: "  <p>a\nb</p>\n"),
    WhitespaceCase(
        id: "dynamic partial chooses the tile template per item",
        templates: [
            "page": "{{#items}}\n{{>*kind}}\n{{/items}}",
            "image": "<img src=\"{{src}}\">\n",
            "text": "<p>{{text}}</p>\n",
        ],
        data: ["items": [["kind": "image", "src": "a.jpg"], ["kind": "text", "text": "<hi>"], ["kind": "video"]]],
        expected: "<img src=\"a.jpg\">\n<p>&lt;hi&gt;</p>\n"),
    WhitespaceCase(
        id: "dynamic parent",
        templates: ["page": "{{<*layout}}{{$a}}A{{/a}}{{/*layout}}", "wide": "[{{$a}}-{{/a}}]"],
        data: ["layout": "wide"],
        expected: "[A]"),
    WhitespaceCase(
        id: "set delimiters do not reach partials",
        templates: ["page": "{{=[ ]=}}[>p] [x]", "p": "{{x}}[x]"],
        data: ["x": 1],
        expected: "1[x] 1"),
]

@Test(arguments: whitespaceCases)
func whitespace(_ test: WhitespaceCase) throws {
    let library = try TemplateLibrary(templates: test.templates)
    #expect(try library.render("page", test.data) == test.expected)
}
