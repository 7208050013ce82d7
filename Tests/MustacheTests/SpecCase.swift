import Foundation
import Mustache
import Testing

/// One test from the vendored mustache/spec JSON (Fixtures/spec), named
/// `file#index name` because names repeat (two "Text inside parent").
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let index: Int
    let name: String
    let data: Value
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file)#\(index) \(name)" }

    /// Core modules plus the optional inheritance and dynamic-names modules.
    /// `~lambdas.json` is not vendored: Cascade has no lambdas.
    static let files = [
        "comments.json", "delimiters.json", "interpolation.json", "inverted.json",
        "partials.json", "sections.json", "~dynamic-names.json", "~inheritance.json",
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/spec")

    /// All cases, or an empty list if the fixtures are unreadable (which
    /// `specFixturesHoldEveryTest` then reports).
    static let all: [SpecCase] = (try? load()) ?? []

    static func load() throws -> [SpecCase] {
        try files.flatMap { file in
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let spec = try JSONDecoder().decode(SpecFile.self, from: data)
            return spec.tests.enumerated().map { index, test in
                SpecCase(file: file, index: index, name: test.name, data: test.data, template: test.template,
                         partials: test.partials ?? [:], expected: test.expected)
            }
        }
    }
}

private struct SpecFile: Decodable {
    struct Test: Decodable {
        let name: String
        let data: Value
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    let tests: [Test]
}
