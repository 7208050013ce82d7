import Mustache
import Testing

@Test func specFixturesHoldEveryTest() throws {
    let cases = try SpecCase.load()
    let counts = Dictionary(grouping: cases, by: \.file).mapValues(\.count)
    #expect(counts == [
        "comments.json": 12, "delimiters.json": 14, "interpolation.json": 42, "inverted.json": 22,
        "partials.json": 12, "sections.json": 34, "~dynamic-names.json": 21, "~inheritance.json": 27,
    ])
    #expect(SpecCase.all.count == 184)
}

@Test(arguments: SpecCase.all)
func spec(_ test: SpecCase) throws {
    let library = try TemplateLibrary(templates: test.partials)
    let template = try Template(parsing: test.template, name: test.name)
    #expect(try library.render(template: template, test.data) == test.expected)
}
