import Mustache
import Testing

struct ErrorCase: Sendable, CustomTestStringConvertible {
    let id: String
    let template: String
    let kind: TemplateError.Kind
    let line: Int
    let column: Int

    var testDescription: String { id }
}

private let deeplyNested = String(repeating: "{{#a}}", count: 101)

let errorCases: [ErrorCase] = [
    ErrorCase(id: "unclosed section points at its opening tag", template: "<ul>\n  {{#tiles}}\n  <li>\n</ul>\n",
              kind: .unclosedSection("tiles"), line: 2, column: 3),
    ErrorCase(id: "innermost unclosed section", template: "{{#a}}{{^b}}", kind: .unclosedSection("b"),
              line: 1, column: 7),
    ErrorCase(id: "mismatched closing tag", template: "line1\n  {{#a}}\n{{/b}}",
              kind: .mismatchedClosingTag(found: "b", open: "a", openedAt: SourceLocation(line: 2, column: 3)),
              line: 3, column: 1),
    ErrorCase(id: "closing a parent with a block's name", template: "{{<layout}}{{$a}}{{/layout}}",
              kind: .mismatchedClosingTag(found: "layout", open: "a", openedAt: SourceLocation(line: 1, column: 12)),
              line: 1, column: 18),
    ErrorCase(id: "closing tag without section", template: "a\n{{/a}}", kind: .unexpectedClosingTag("a"),
              line: 2, column: 1),
    ErrorCase(id: "unclosed tag at end of input", template: "x {{name", kind: .unclosedTag(expected: "}}"),
              line: 1, column: 3),
    ErrorCase(id: "unclosed tag closed on a later line", template: "x {{name\ny }}",
              kind: .unclosedTag(expected: "}}"), line: 1, column: 3),
    ErrorCase(id: "unclosed triple mustache", template: "{{{raw}}", kind: .unclosedTag(expected: "}}}"),
              line: 1, column: 1),
    ErrorCase(id: "unclosed comment", template: "a\n{{! never closed\n", kind: .unclosedTag(expected: "}}"),
              line: 2, column: 1),
    ErrorCase(id: "empty tag", template: "{{}}", kind: .emptyTag, line: 1, column: 1),
    ErrorCase(id: "empty section name", template: "ab{{# }}", kind: .emptyTag, line: 1, column: 3),
    ErrorCase(id: "empty partial name", template: "{{>}}", kind: .emptyTag, line: 1, column: 1),
    ErrorCase(id: "whitespace inside a name", template: "{{a b}}", kind: .invalidName("a b"), line: 1, column: 1),
    ErrorCase(id: "empty dotted part", template: "{{#a..b}}{{/a..b}}", kind: .invalidName("a..b"),
              line: 1, column: 1),
    ErrorCase(id: "dynamic name without a name", template: "{{>*}}", kind: .invalidName("*"), line: 1, column: 1),
    ErrorCase(id: "one delimiter", template: "{{=<% =}}", kind: .invalidDelimiters("{{=<% =}}"),
              line: 1, column: 1),
    ErrorCase(id: "delimiter tag without closing =", template: "{{=<% %>}}", kind: .invalidDelimiters("{{=<% %>}}"),
              line: 1, column: 1),
    ErrorCase(id: "errors use the current delimiters", template: "{{=<% %>=}}\n<%#a%>",
              kind: .unclosedSection("a"), line: 2, column: 1),
    ErrorCase(id: "unclosed tag expects the current delimiter", template: "{{=<% %>=}}<%x",
              kind: .unclosedTag(expected: "%>"), line: 1, column: 12),
    // Columns count UTF-8 bytes: "é" is two, "日", "本" and "語" three each.
    ErrorCase(id: "UTF-8 column after a two-byte letter", template: "é {{#a}}", kind: .unclosedSection("a"),
              line: 1, column: 4),
    ErrorCase(id: "UTF-8 column after CJK on the second line", template: "日本\n語 {{{x}}",
              kind: .unclosedTag(expected: "}}}"), line: 2, column: 5),
    ErrorCase(id: "CRLF counts as one line break", template: "a\r\nb\r\n  {{/x}}", kind: .unexpectedClosingTag("x"),
              line: 3, column: 3),
    ErrorCase(id: "nesting limit", template: deeplyNested, kind: .nestingTooDeep(limit: 100), line: 1,
              column: 601),
]

@Test(arguments: errorCases)
func parseError(_ test: ErrorCase) {
    do {
        _ = try Template(parsing: test.template, name: "t")
        Issue.record("parsed without error")
    } catch {
        #expect(error.kind == test.kind)
        #expect(error.location == SourceLocation(line: test.line, column: test.column))
        #expect(error.template == "t")
    }
}

@Test func errorTextNamesFileLineColumnAndOpeningTag() {
    let source = String(repeating: "\n", count: 11) + "<ul>  {{#tiles}}\n<li></li>\n</ul>\n"
    #expect(errorText(source, name: "album.mustache") == "album.mustache:12:7: unclosed section \"tiles\" opened here")
    #expect(errorText("{{#a}}\n{{/b}}", name: "Templates/page.mustache")
        == "Templates/page.mustache:2:1: closing tag \"b\" does not match section \"a\" opened at 1:1")
    #expect(errorText("x {{y", name: "") == "1:3: unclosed tag, missing \"}}\"")
}

private func errorText(_ source: String, name: String) -> String? {
    do {
        _ = try Template(parsing: source, name: name)
        return nil
    } catch {
        return error.description
    }
}

@Test func renderingAnUnknownTemplateFails() {
    let library = TemplateLibrary([:])
    #expect(throws: TemplateError(template: "page", location: SourceLocation(line: 1, column: 1),
                                  kind: .templateNotFound("page"))) {
        try library.render("page", nil)
    }
    #expect(TemplateError(template: "page", location: SourceLocation(line: 1, column: 1),
                          kind: .templateNotFound("page")).description == "no template named \"page\"")
}

@Test func aPartialIncludingItselfFailsInsteadOfCrashing() throws {
    let library = try TemplateLibrary(templates: ["loop": "x\n  {{>loop}}"])
    #expect(throws: TemplateError(template: "loop", location: SourceLocation(line: 2, column: 3),
                                  kind: .renderingTooDeep(limit: 200))) {
        try library.render("loop", nil)
    }
}

@Test func aBlockFilledWithItselfFailsInsteadOfCrashing() throws {
    let library = try TemplateLibrary(templates: [
        "page": "{{<layout}}{{$a}}[{{$a}}x{{/a}}]{{/a}}{{/layout}}",
        "layout": "{{$a}}{{/a}}",
    ])
    do {
        _ = try library.render("page", nil)
        Issue.record("rendered without error")
    } catch {
        #expect(error.kind == .renderingTooDeep(limit: 200))
    }
}
