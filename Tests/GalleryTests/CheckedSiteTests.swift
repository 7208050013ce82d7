import Foundation
@testable import Gallery
import Synchronization
import Testing

/// The markup check's verdict is kept between builds (`.cascade-checked`)
/// and trusted only for exactly the pages, files and theme it was given.
@Suite("Checked site")
struct CheckedSiteTests {
    /// A copy of the real theme named `name`, with `edit` applied to `layout.mustache`.
    static func theme(in folder: TemporaryFolder, named name: String = "theme",
                      layout edit: (String) -> String = { $0 }) throws -> URL {
        let theme = folder.file(name)
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        let photo = theme.appendingPathComponent("layout.mustache")
        try Data(edit(String(decoding: try Data(contentsOf: photo), as: UTF8.self)).utf8).write(to: photo)
        return theme
    }

    /// Builds and returns the stages that reported progress.
    @discardableResult
    static func build(_ options: BuildOptions) throws -> Set<String> {
        let stages = Mutex<Set<String>>([])
        _ = try Site.build(options, progress: { progress in _ = stages.withLock { $0.insert(progress.stage) } })
        return stages.withLock { $0 }
    }

    @Test("A no-change rebuild skips the check; a damaged or foreign verdict is checked again")
    func skipsOnlyWhenKnown() throws {
        let folder = TemporaryFolder()
        let options = BuildOptions(album: Repo.sampleAlbum, output: folder.file("site"), templates: Repo.templates)
        #expect(try Self.build(options).contains("checks"))
        let verdict = folder.file("site").appendingPathComponent(CheckedSite.fileName)
        let manifest = String(decoding: try Data(contentsOf: folder.file("site").appendingPathComponent(OutputFolder.manifestName)), as: UTF8.self)
        #expect(manifest.contains("\n" + CheckedSite.fileName + "\n"))
        #expect(!(try Self.build(options).contains("checks")))
        for damaged in ["", "cascade-checked 1\n", "cascade-checked 1\nnot-a-key\n",
                        "cascade-checked 2\n" + String(repeating: "0", count: 32) + "\n",
                        "cascade-checked 1\n" + String(repeating: "0", count: 32) + "\n"] {
            try Data(damaged.utf8).write(to: verdict)
            #expect(try Self.build(options).contains("checks"), "\(damaged.debugDescription)")
        }
        // A folder not made by Cascade is refused anyway; a verdict not in the
        // manifest is never read (OutputFolder.holds).
        _ = try Self.build(options)
        #expect(CheckedSite.load(from: OutputFolder(root: folder.file("site"))) != nil)
        try FileManager.default.createDirectory(at: folder.file("foreign"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: verdict, to: folder.file("foreign").appendingPathComponent(CheckedSite.fileName))
        #expect(CheckedSite.load(from: OutputFolder(root: folder.file("foreign"))) == nil)
    }

    @Test("The key changes with any page, file or template")
    func keyDependsOnEverything() throws {
        let theme = try Theme.load(Repo.templates)
        let page = Theme.RenderedFile(path: "index.html", text: "<p>a</p>", template: "page", value: { .null })
        let base = CheckedSite.key(pages: [page], files: ["index.html"], theme: theme)
        #expect(CheckedSite.key(pages: [page], files: ["index.html"], theme: theme) == base)
        var changed = page
        changed.text = "<p>b</p>"
        #expect(CheckedSite.key(pages: [changed], files: ["index.html"], theme: theme) != base)
        #expect(CheckedSite.key(pages: [page], files: ["index.html", "a.jpg"], theme: theme) != base)
        // Length-prefixed: moving a byte between two names is another key.
        #expect(CheckedSite.key(pages: [page], files: ["ab", "c"], theme: theme)
                != CheckedSite.key(pages: [page], files: ["a", "bc"], theme: theme))
        let folder = TemporaryFolder()
        let other = try Theme.load(try Self.theme(in: folder) { $0 + "\n" })
        #expect(CheckedSite.key(pages: [page], files: ["index.html"], theme: other) != base)
    }

    @Test("A cached rebuild after a theme change equals a cold build, and a bad page still fails")
    func themeChange() throws {
        let folder = TemporaryFolder()
        let original = folder.file("original")
        try FileManager.default.copyItem(at: Repo.templates, to: original)
        let cached = folder.file("cached"), cold = folder.file("cold")
        try Self.build(BuildOptions(album: Repo.sampleAlbum, output: cached, templates: original))
        let edited = try Self.theme(in: folder) { $0.replacingOccurrences(of: "</body>", with: "<p>edited</p>\n</body>") }
        #expect(try Self.build(BuildOptions(album: Repo.sampleAlbum, output: cached, templates: edited)).contains("checks"))
        try Self.build(BuildOptions(album: Repo.sampleAlbum, output: cold, templates: edited))
        let a = try snapshot(cached), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
        #expect(a.values.contains { String(decoding: $0, as: UTF8.self).contains("<p>edited</p>") })
        // A theme whose photo pages are broken fails although the last build passed.
        let broken = try Self.theme(in: folder, named: "broken") {
            $0.replacingOccurrences(of: "</body>", with: "<blink>x</blink>\n</body>")
        }
        #expect(throws: BuildError.self) {
            try Self.build(BuildOptions(album: Repo.sampleAlbum, output: cached, templates: broken))
        }
    }

    @Test("A cached rebuild after a caption change equals a cold build")
    func captionChange() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try FileManager.default.copyItem(at: Repo.sampleAlbum, to: album)
        let name = try #require(Repo.samplePhotoPaths.first?.0)
        func caption(_ text: String) throws {
            let json = #"{"photos": {"\#(name)": {"caption": "\#(text)"}}}"#
            try Data(json.utf8).write(to: album.appendingPathComponent("album.json"))
        }
        let cached = folder.file("cached"), cold = folder.file("cold")
        try caption("Before the edit")
        try Self.build(BuildOptions(album: album, output: cached, templates: Repo.templates))
        try caption("After the edit")
        #expect(try Self.build(BuildOptions(album: album, output: cached, templates: Repo.templates)).contains("checks"))
        try Self.build(BuildOptions(album: album, output: cold, templates: Repo.templates))
        let a = try snapshot(cached), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
        #expect(a.values.contains { String(decoding: $0, as: UTF8.self).contains("After the edit") })
        #expect(!a.values.contains { String(decoding: $0, as: UTF8.self).contains("Before the edit") })
    }
}
