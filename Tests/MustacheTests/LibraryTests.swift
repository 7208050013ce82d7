import Foundation
import Mustache
import Testing

@Test func missingPartialsListsFixedNamesWithPositions() throws {
    let library = try TemplateLibrary(templates: [
        "page": "{{>header}}\n{{#tiles}}\n  {{>tile}}\n  {{>gone}}\n{{/tiles}}\n{{<layout}}{{$main}}{{>inner}}{{/main}}{{/layout}}\n{{>*dynamic}}",
        "tile": "{{>footer}}",
        "header": "<h1>",
    ])
    let missing = library.missingPartials().map { "\($0.template):\($0.location) \($0.partial)" }
    #expect(missing == ["page:4:3 gone", "page:6:1 layout", "page:6:21 inner", "tile:1:1 footer"])
}

@Test func missingPartialsRenderAsNothing() throws {
    let library = try TemplateLibrary(templates: ["page": "[{{>gone}}|{{<gone}}{{$a}}x{{/a}}{{/gone}}]"])
    #expect(try library.render("page", nil) == "[|]")
    #expect(TemplateLibrary([:]).missingPartials().isEmpty)
}

@Test func loadsTemplatesFromAFolderByRelativeNameWithoutExtension() throws {
    let folder = try TemporaryFolder()
    try folder.write("page.mustache", "<ul>\n{{#tiles}}\n  {{>partials/tile}}\n{{/tiles}}\n</ul>\n")
    try folder.write("partials/tile.mustache", "<li>{{alt}}</li>\n")
    try folder.write("style.css.mustache", "a { gap: {{gap}}px }")
    try folder.write(".hidden.mustache", "{{#broken")
    try folder.write("notes.txt", "{{#broken")
    let library = try TemplateLibrary.load(directory: folder.url)
    #expect(library.templates.keys.sorted() == ["page", "partials/tile", "style.css"])
    #expect(library["page"]?.name == folder.url.lastPathComponent + "/page.mustache")
    #expect(library.missingPartials().isEmpty)
    #expect(try library.render("page", ["tiles": [["alt": "a"], ["alt": "b&c"]]])
        == "<ul>\n  <li>a</li>\n  <li>b&amp;c</li>\n</ul>\n")
    #expect(try library.render("style.css", ["gap": 8]) == "a { gap: 8px }")
}

@Test func loadReportsTheFileOfAParseError() throws {
    let folder = try TemporaryFolder()
    try folder.write("album.mustache", "<ul>\n  {{#tiles}}\n")
    do {
        _ = try TemplateLibrary.load(directory: folder.url)
        Issue.record("loaded without error")
    } catch {
        #expect(String(describing: error)
            == "\(folder.url.lastPathComponent)/album.mustache:2:3: unclosed section \"tiles\" opened here")
    }
}

@Test func loadRejectsNonUTF8Files() throws {
    let folder = try TemporaryFolder()
    try folder.write("bad.mustache", Data([0x3C, 0xFF, 0xFE, 0x3E]))
    #expect(throws: TemplateFileError(path: folder.url.lastPathComponent + "/bad.mustache",
                                      reason: "is not valid UTF-8")) {
        try TemplateLibrary.load(directory: folder.url)
    }
}

/// A fresh folder under the system's temporary directory, removed on deinit.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }
}
