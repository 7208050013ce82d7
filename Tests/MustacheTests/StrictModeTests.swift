import Mustache
import Testing

@Test func strictModeListsEveryMissingVariableOnceWithItsPosition() throws {
    let library = try TemplateLibrary(templates: [
        "page": "<h1>{{title}}</h1>\n{{#tiles}}\n  {{>tile}}\n{{/tiles}}\n{{subtitle}}{{subtitle}}\n",
        "tile": "<p>{{alt}} {{captoin}} {{photo.date}} {{.}}</p>",
    ])
    let data: Value = ["title": "T", "tiles": [["alt": "a", "photo": ["camera": "X"]], ["alt": "b"]]]
    let result = try library.render("page", data, options: .reportMissingVariables)
    #expect(result.missingVariables.map(\.description) == [
        "tile:1:12: {{captoin}} is not in the data",
        "tile:1:24: {{photo.date}} is not in the data",
        "page:5:1: {{subtitle}} is not in the data",
        "page:5:13: {{subtitle}} is not in the data",
    ])
    // Rendering itself is unchanged: misses are empty strings.
    #expect(result.text == (try library.render("page", data)))
}

@Test func sectionProbesAndNullValuesAreNotMisses() throws {
    let template = try Template(parsing: "{{#caption}}{{caption}}{{/caption}}{{^date}}-{{/date}}{{camera}}", name: "t")
    let library = TemplateLibrary(["t": template])
    let result = try library.render("t", ["camera": .null], options: .reportMissingVariables)
    #expect(result.missingVariables.isEmpty)
    #expect(result.text == "-")
}

@Test func withoutTheOptionNothingIsRecorded() throws {
    let library = try TemplateLibrary(templates: ["t": "{{a}}{{b}}"])
    let result = try library.render("t", ["a": "x"], options: [])
    #expect(result.text == "x" && result.missingVariables.isEmpty && result.origins.isEmpty)
}

@Test func originsNameTheTemplateTextAndTheVariableBehindEachByte() throws {
    let library = try TemplateLibrary(templates: [
        "page": "<ul>\n{{#tiles}}\n{{>tile}}\n{{/tiles}}\n</ul>\n",
        "tile": "<li title=\"{{alt}}\">é</li>\n",
    ])
    let data: Value = ["tiles": [["alt": "a<b"], ["alt": "c"]]]
    let result = try library.render("page", data, options: .traceOrigins)
    #expect(result.text == "<ul>\n<li title=\"a&lt;b\">é</li>\n<li title=\"c\">é</li>\n</ul>\n")
    let variable = try #require(result.origins.origin(at: 16))  // inside "a&lt;b"
    #expect(variable.template == "tile" && variable.variable == "alt" && variable.value == "a<b")
    #expect(variable.location == SourceLocation(line: 1, column: 12))
    #expect(variable.range == 16..<22)
    let text = try #require(result.origins.origin(at: 0))
    #expect(text.template == "page" && text.variable == nil && text.location == SourceLocation(line: 1, column: 1))
    let secondLine = try #require(result.origins.origin(at: 22))  // `">é</li>` after the first alt
    #expect(secondLine.template == "tile" && secondLine.location == SourceLocation(line: 1, column: 19))
}
