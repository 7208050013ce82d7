import Foundation
import Testing
@testable import Gallery

/// A small album: two real photos from the sample album plus whatever a test adds.
func makeAlbum(_ album: TemporaryFolder, extra: [String: Data] = [:]) throws {
    for name in ["coffee.jpg", "chelsea.png"] {
        try album.write(name, Data(contentsOf: Repo.sampleAlbum.appendingPathComponent(name)))
    }
    for (name, data) in extra { try album.write(name, data) }
}

func build(_ album: URL, _ output: URL, strict: Bool = false,
           warnings: inout [BuildWarning]) throws(BuildError) -> BuildReport {
    var seen: [BuildWarning] = []
    defer { warnings = seen }
    return try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates, strict: strict)) {
        seen.append($0)
    }
}

@Test func missingAlbumIsAUsageErrorAndWritesNothing() throws {
    let out = TemporaryFolder()
    var warnings: [BuildWarning] = []
    #expect(throws: BuildError.albumNotFound(path: out.file("nope").path)) {
        _ = try build(out.file("nope"), out.file("site"), warnings: &warnings)
    }
    #expect(!FileManager.default.fileExists(atPath: out.file("site").path))
    #expect(BuildError.albumNotFound(path: "x").isUsageError)
}

@Test func emptyAlbumFailsAndWritesNothing() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try album.write("notes.md", Data("about".utf8))
    try album.write(".DS_Store", Data([0, 1, 2]))
    var warnings: [BuildWarning] = []
    #expect(throws: BuildError.albumEmpty(path: album.url.path)) {
        _ = try build(album.url, out.file("site"), warnings: &warnings)
    }
    #expect(!FileManager.default.fileExists(atPath: out.file("site").path))
}

@Test func corruptAndForeignFilesAreSkippedWithAWarningNamingThem() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    let jpeg = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
    try makeAlbum(album, extra: [
        "broken.jpg": jpeg.prefix(100),
        "letter.docx": Data("PK not an image".utf8),
    ])
    var warnings: [BuildWarning] = []
    let report = try build(album.url, out.url, warnings: &warnings)
    #expect(report.photos.map(\.fileName) == ["chelsea.png", "coffee.jpg"])
    #expect(warnings.map { ($0.path as NSString).lastPathComponent } == ["broken.jpg", "letter.docx"])
    #expect(warnings.allSatisfy { !$0.reason.description.isEmpty })
    #expect(warnings[0].description.hasPrefix("skipped '\(album.url.path)/broken.jpg': "))
}

@Test func strictFailsOnAnySkippedFileAndWritesNothing() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try makeAlbum(album, extra: ["broken.png": Data([0x89, 0x50, 0x4E, 0x47])])
    var warnings: [BuildWarning] = []
    #expect(throws: BuildError.strictWarnings(count: 1)) {
        _ = try build(album.url, out.file("site"), strict: true, warnings: &warnings)
    }
    #expect(warnings.count == 1)
    #expect(!FileManager.default.fileExists(atPath: out.file("site").path))
}

@Test func outputInsideTheAlbumIsRefused() throws {
    let album = TemporaryFolder()
    try makeAlbum(album)
    // Inside the album only a new, empty or Cascade-made folder may be the output.
    try album.write("site/notes.txt", Data("mine".utf8))
    let before = try snapshot(album.url)
    var warnings: [BuildWarning] = []
    for output in [album.url, album.file("site"), album.file("a/../site")] {
        #expect(throws: BuildError.self) { _ = try build(album.url, output, warnings: &warnings) }
    }
    #expect(try snapshot(album.url) == before)
}

@Test func foreignFilesInTheOutputAreNeverOverwrittenOrDeleted() throws {
    let album = TemporaryFolder(), out = TemporaryFolder()
    try makeAlbum(album)
    // A folder an earlier build made (its manifest lists nothing here): a
    // folder of the user's without one is refused whole (OutputConfinementTests).
    try out.write(".cascade-manifest", Data("cascade-manifest 2\n".utf8))
    try out.write("index.html", Data("my own page".utf8))
    var warnings: [BuildWarning] = []
    #expect(throws: BuildError.wouldOverwrite(path: out.file("index.html").path)) {
        _ = try build(album.url, out.url, warnings: &warnings)
    }
    #expect(try Data(contentsOf: out.file("index.html")) == Data("my own page".utf8))
    #expect(!FileManager.default.fileExists(atPath: out.file("style.css").path))

    // A foreign file beside Cascade's survives rebuilds; Cascade's own stale files go.
    try FileManager.default.removeItem(at: out.file("index.html"))
    try out.write("notes.txt", Data("keep me".utf8))
    let report = try build(album.url, out.url, warnings: &warnings)
    let coffee = try #require(report.photos.first { $0.fileName == "coffee.jpg" })
    #expect(!coffee.renditions.isEmpty)
    #expect(coffee.renditions.allSatisfy { FileManager.default.fileExists(atPath: out.file($0.path).path) })
    try FileManager.default.removeItem(at: album.file("coffee.jpg"))
    _ = try build(album.url, out.url, warnings: &warnings)
    #expect(coffee.renditions.allSatisfy { !FileManager.default.fileExists(atPath: out.file($0.path).path) })
    #expect(try Data(contentsOf: out.file("notes.txt")) == Data("keep me".utf8))
}

@Test func aTemplateProducingBrokenMarkupFailsNamingPageLineAndColumn() throws {
    let album = TemporaryFolder(), out = TemporaryFolder(), theme = TemporaryFolder()
    try makeAlbum(album)
    for name in ["tile.mustache", "tile-image.mustache", "style.css.mustache"] {
        try theme.write(name, Data(contentsOf: Repo.templates.appendingPathComponent(name)))
    }
    try theme.write("page.mustache", Data("<!DOCTYPE html>\n<html><body>\n<p>{{title}}</div>\n</body></html>\n".utf8))
    var seen: [BuildWarning] = []
    do {
        _ = try Site.build(BuildOptions(album: album.url, output: out.file("site"), templates: theme.url)) { seen.append($0) }
        Issue.record("the build should fail")
    } catch {
        guard case let .markupCheckFailed(page, issue, _, origin) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(page == "site/index.html" || page.hasSuffix("/site/index.html"))
        #expect(issue.line == 3)
        #expect(origin.map(String.init(describing:))?.hasPrefix("template text at") == true, "\(String(describing: origin))")
        #expect(error.description.contains("index.html:3:"))
    }
    #expect(!FileManager.default.fileExists(atPath: out.file("site").path))
}
