import Foundation
import Testing
@testable import Gallery

struct KeyCase: Sendable, CustomTestStringConvertible {
    var json: String
    var path: [String]
    var offset: Int?
    var testDescription: String { path.joined(separator: ".") }
}

@Test(arguments: [
    KeyCase(json: #"{"a": 1}"#, path: ["a"], offset: 1),
    KeyCase(json: #"{"x": "a", "a": 1}"#, path: ["a"], offset: 11),             // a value is not a key
    KeyCase(json: #"{"p": {"a": 1}, "a": 2}"#, path: ["a"], offset: 16),        // the top-level one
    KeyCase(json: #"{"a": 2, "p": {"a": 1}}"#, path: ["p", "a"], offset: 15),
    KeyCase(json: #"{"l": [{"a": 1}], "a": 2}"#, path: ["a"], offset: 18),      // arrays are not looked into
    KeyCase(json: #"{"q\"a": 1, "a": 2}"#, path: ["a"], offset: 12),            // escapes inside a key
    KeyCase(json: #"{"caf\u00e9": 1}"#, path: ["café"], offset: 1),             // keys compared decoded
    KeyCase(json: #"{"a": 1}"#, path: ["b"], offset: nil),
])
func jsonKeyLocatorFindsTheKeyAtItsPath(_ c: KeyCase) {
    #expect(JSONKeyLocator.offset(of: c.path, in: Array(c.json.utf8)) == c.offset)
}

@Test(arguments: [
    ("Invalid value around character 19.", "Invalid value", 19),
    ("Unexpected end of file during JSON parse.", "Unexpected end of file during JSON parse", 7),
    ("Something else", "Something else", nil as Int?),
])
func jsonParserMessagesSplitIntoDetailAndOffset(message: String, detail: String, offset: Int?) {
    let split = JSONParserMessage.split(message, byteCount: 7)
    #expect(split.detail == detail)
    #expect(split.offset == offset)
}

@Test func theBrokenFixtureNamesTheLineAndColumnOfTheFirstKeyAtFault() throws {
    let data = try Data(contentsOf: Repo.root.appendingPathComponent("Tests/Fixtures/LibraryBroken/album.json"))
    #expect {
        try AlbumConfig.parse(data, displayPath: "album.json")
    } throws: { error in
        // Keys are checked in sorted order: "captoin" (line 3) before "title" (line 2).
        (error as? BuildError)?.description.hasPrefix("'album.json':3:3: unknown key \"captoin\"") == true
    }
}
