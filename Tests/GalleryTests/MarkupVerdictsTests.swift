import Foundation
@testable import Gallery
import ImageHeaders
import Synchronization
import Testing

/// The markup check's verdict is kept between builds (`.cascade-checked`)
/// and trusted only for exactly the pages, files and theme it was given.
@Suite("Checked site")
struct MarkupVerdictsTests {
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
        Set(try parsed(options).keys)
    }

    /// Builds and returns, per stage, the most files it reported done: for
    /// `checks`, how many pages were parsed.
    static func parsed(_ options: BuildOptions) throws -> [String: Int] {
        let stages = Mutex<[String: Int]>([:])
        _ = try Site.build(options, progress: { progress in
            stages.withLock { $0[progress.stage] = max($0[progress.stage] ?? 0, progress.done) }
        })
        return stages.withLock { $0 }
    }

    /// The sample album copied into `folder`, flat (one album).
    static func album(in folder: TemporaryFolder) throws -> URL {
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (name, path) in Repo.samplePhotoPaths.prefix(6) {
            try FileManager.default.copyItem(at: path, to: album.appendingPathComponent(name))
        }
        return album
    }

    @Test("A no-change rebuild parses no page; a damaged, foreign or other-version verdict means all are parsed")
    func skipsOnlyWhenKnown() throws {
        let folder = TemporaryFolder()
        let options = BuildOptions(album: Repo.sampleAlbum, output: folder.file("site"), templates: Repo.templates)
        #expect(try Self.build(options).contains("checks"))
        let verdict = folder.file("site").appendingPathComponent(MarkupVerdicts.fileName)
        let manifest = String(decoding: try Data(contentsOf: folder.file("site").appendingPathComponent(OutputFolder.manifestName)), as: UTF8.self)
        #expect(manifest.contains("\n" + MarkupVerdicts.fileName + "\n"))
        #expect(!(try Self.build(options).contains("checks")))
        let theme = try Theme.load(Repo.templates)
        for damaged in ["", "cascade-checked 1\n", MarkupVerdicts.header + "\nnot-a-key\n",
                        MarkupVerdicts.header + "\n" + String(repeating: "0", count: 64) + "\n",
                        // The older format: its key and digests were 32 hex digits of the old hash.
                        "cascade-checked 4\n" + String(MarkupVerdicts.themeKey(theme).description.prefix(32)) + "\n",
                        "cascade-checked 1\n" + MarkupVerdicts.themeKey(theme).description + "\n"] {
            try Data(damaged.utf8).write(to: verdict)
            #expect(try Self.build(options).contains("checks"), "\(damaged.debugDescription)")
        }
        // A verdict not in the manifest is never read (OutputFolder.holds).
        _ = try Self.build(options)
        #expect(!MarkupVerdicts.load(from: try OutputFolder(root: folder.file("site")), theme: theme).entries.isEmpty)
        try FileManager.default.createDirectory(at: folder.file("foreign"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: verdict, to: folder.file("foreign").appendingPathComponent(MarkupVerdicts.fileName))
        #expect(MarkupVerdicts.load(from: try OutputFolder(root: folder.file("foreign")), theme: theme).entries.isEmpty)
    }

    @Test("Only the albums whose pages change are rendered, and the site equals a cold build")
    func unchangedAlbumsAreKept() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try FileManager.default.copyItem(at: Repo.sampleLibrary, to: album)
        let cached = folder.file("cached"), cold = folder.file("cold")
        func build(_ output: URL) throws -> BuildReport {
            try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates))
        }
        let first = try build(cached)
        #expect(first.pagesRendered == first.pages)
        let again = try build(cached)
        #expect(again.pages == first.pages && again.pagesRendered == 0)
        // Pages changed at or after the verdicts' own time (the coarse clock
        // gives the last ones written the same tick) are judged by their
        // bytes, not re-rendered: rewriting each with its own bytes makes
        // every page so, on any machine.
        let pages = try FileManager.default.subpathsOfDirectory(atPath: cached.path).filter { $0.hasSuffix(".html") }
        #expect(pages.count == first.pages)
        for page in pages {
            let url = cached.appendingPathComponent(page)
            try Data(contentsOf: url).write(to: url)
        }
        // A description shows on its own album page only: that page alone is rendered.
        let json = album.appendingPathComponent("Space/album.json")
        let text = String(decoding: try Data(contentsOf: json), as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"Edited. ").utf8).write(to: json)
        let edited = try build(cached)
        let space = 1 + 3  // the album page and its three photo pages
        #expect(edited.pagesRendered == space, "rendered \(edited.pagesRendered) of \(edited.pages)")
        _ = try build(cold)
        let a = try snapshot(cached), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
        // A kept page edited by hand is rendered and written again: that page alone.
        let page = cached.appendingPathComponent("Space/index.html")
        try Data("<p>mine</p>".utf8).write(to: page)
        #expect(try build(cached).pagesRendered == 1)
        #expect(try snapshot(cached)["Space/index.html"] == b["Space/index.html"])
    }

    @Test("The model digest hashes every stored property of the types pages are made from")
    func digestCoversEveryField() throws {
        let photo = Photo(fileName: "a.jpg", header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))
        let date = PhotoDate(year: 2024, month: 5, day: 1)
        var child = Album(path: ["x"], config: AlbumConfig(), sort: .name, files: ["a.jpg"])
        child.photos = [photo]
        let card = AlbumCard(album: child)
        var model = PageModel(title: "t", photos: [photo])
        model.albums = [card]
        let samples: [(String, Any)] = [
            ("PageModel", model), ("Photo", photo), ("ImageHeader", photo.header), ("PhotoDetails", photo.details),
            ("PhotoDate", date), ("RenditionFile", RenditionFile(width: 1, height: 1, path: "p")),
            ("Breadcrumb", Breadcrumb(title: "t", href: "h")), ("AlbumCard", card),
            ("GridGeometry", GridGeometry.standard), ("Breakpoint", GridGeometry.standard.breakpoints[0]),
            ("VideoInfo", VideoInfo(hasLocation: false)),
            ("AlternateRenditions", AlternateRenditions(format: .webp, files: [])),
        ]
        for (name, sample) in samples {
            var stored = Set(Mirror(reflecting: sample).children.compactMap(\.label))
            // A photo holds its header and details in one shared box; the digest hashes both (sampled below on their own).
            if name == "Photo", stored.remove("described") != nil { stored.formUnion(["header", "details"]) }
            let covered = Set(PageModel.digestedFields[name] ?? []).union((PageModel.undigestedFields[name] ?? [:]).keys)
            #expect(stored == covered, "\(name): not in the digest: \(stored.subtracting(covered).sorted())")
        }
        // And the digest moves with a field pages show.
        var changed = model
        changed.photos[0].details.caption = "new"
        #expect(model.digest(context: []) != changed.digest(context: []))
        #expect(model.digest(context: []) == model.digest(context: []))
        #expect(model.digest(context: ["a"]) != model.digest(context: []))
    }

    @Test("The theme key changes with any template")
    func themeKeyDependsOnTemplates() throws {
        let base = MarkupVerdicts.themeKey(try Theme.load(Repo.templates))
        #expect(MarkupVerdicts.themeKey(try Theme.load(Repo.templates)) == base)
        let folder = TemporaryFolder()
        let other = try Theme.load(try Self.theme(in: folder) { $0 + "\n" })
        #expect(MarkupVerdicts.themeKey(other) != base)
    }

    @Test("One photo added: only the pages whose text changed are parsed, and the site equals a cold build")
    func addedPhotoParsesChangedPages() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let extra = try #require(Repo.samplePhotoPaths.dropFirst(6).first)
        // Photo pages say "3 of 6": a theme without the count changes only the neighbours.
        let theme = folder.file("theme")
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        let photo = theme.appendingPathComponent("photo.mustache")
        try Data(String(decoding: try Data(contentsOf: photo), as: UTF8.self)
            .replacingOccurrences(of: "<p class=\"position\" data-photos=\"{{photoIndex}}\" data-slug=\"{{photo.slug}}\"></p>\n", with: "").utf8).write(to: photo)
        let cached = folder.file("cached"), cold = folder.file("cold")
        let first = try Self.parsed(BuildOptions(album: album, output: cached, templates: theme))
        #expect(first["checks"] == 7)
        try FileManager.default.copyItem(at: extra.1, to: album.appendingPathComponent(extra.0))
        let second = try Self.parsed(BuildOptions(album: album, output: cached, templates: theme))
        // The album page, the new photo's page and at most its two neighbours.
        let checks = try #require(second["checks"])
        #expect(checks >= 2 && checks <= 4, "parsed \(checks) of 8 pages")
        try Self.build(BuildOptions(album: album, output: cold, templates: theme))
        let a = try snapshot(cached), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] && $0 != MarkupVerdicts.fileName } == [])
    }

    /// A copy of the real theme whose photo pages do not say "3 of 6", with `edit` applied to `photo.mustache`.
    static func positionlessTheme(in folder: TemporaryFolder, photo edit: (String) -> String = { $0 }) throws -> URL {
        let theme = folder.file("theme")
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        let photo = theme.appendingPathComponent("photo.mustache")
        let text = String(decoding: try Data(contentsOf: photo), as: UTF8.self)
        #expect(text.contains("<p class=\"position\" data-photos=\"{{photoIndex}}\" data-slug=\"{{photo.slug}}\"></p>\n"))
        try Data(edit(text.replacingOccurrences(of: "<p class=\"position\" data-photos=\"{{photoIndex}}\" data-slug=\"{{photo.slug}}\"></p>\n", with: "")).utf8)
            .write(to: photo)
        return theme
    }

    @Test("A photo removed: only the pages whose text changed are rendered and parsed, and the site equals a cold build")
    func removedPhotoParsesChangedPages() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let theme = try Self.positionlessTheme(in: folder)
        let cached = folder.file("cached"), cold = folder.file("cold")
        let options = BuildOptions(album: album, output: cached, templates: theme)
        #expect(try Self.parsed(options)["checks"] == 7)
        let gone = try #require(Repo.samplePhotoPaths.first?.0)
        try FileManager.default.removeItem(at: album.appendingPathComponent(gone))
        let report = try Site.build(options)
        // The album page and the one neighbour whose Previous link changed.
        #expect(report.pagesRendered == 2, "rendered \(report.pagesRendered) of \(report.pages)")
        try FileManager.default.copyItem(at: Repo.samplePhotoPaths[0].1, to: album.appendingPathComponent(gone))
        try Self.build(options)
        try FileManager.default.removeItem(at: album.appendingPathComponent(gone))
        let checks = try #require(try Self.parsed(options)["checks"])
        #expect(checks >= 2 && checks <= 3, "parsed \(checks) of 6 pages")
        try Self.build(BuildOptions(album: album, output: cold, templates: theme))
        let a = try snapshot(cached), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] && $0 != MarkupVerdicts.fileName } == [])
    }

    @Test("A removed photo's page linked from unchanged pages fails them: their last verdict is not trusted")
    func removedLinkTargetFailsUnchangedPages() throws {
        let folder = TemporaryFolder()
        // Six photos in name order, a1 to a6.
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (number, (_, path)) in Repo.samplePhotoPaths.prefix(6).enumerated() {
            try FileManager.default.copyItem(at: path, to: album.appendingPathComponent("a\(number + 1).\(path.pathExtension)"))
        }
        try Data(#"{"sort": "name"}"#.utf8).write(to: album.appendingPathComponent("album.json"))
        let last = try #require(try FileManager.default.contentsOfDirectory(atPath: album.path).first { $0.hasPrefix("a6.") })
        // The first photo's page links to the last one's, from the template's
        // own text; removing the last photo changes only its album page and
        // the fifth photo's page, so the first page's text stays as it was.
        let theme = try Self.positionlessTheme(in: folder) {
            $0.replacingOccurrences(of: "</main>", with: "{{^previous}}<p><a href=\"a6.html\">Last</a></p>{{/previous}}\n</main>")
        }
        let options = BuildOptions(album: album, output: folder.file("site"), templates: theme)
        try Self.build(options)
        #expect(FileManager.default.fileExists(atPath: folder.file("site").appendingPathComponent("a6.html").path))
        try FileManager.default.removeItem(at: album.appendingPathComponent(last))
        #expect(throws: BuildError.self) { try Self.build(options) }
    }

    @Test("An id gone from a changed page fails the unchanged page that links to it")
    func lostFragmentFailsTrustedPage() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let theme = folder.file("theme")
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        func edit(_ name: String, _ from: String, _ to: String) throws {
            let url = theme.appendingPathComponent(name)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            #expect(text.contains(from))
            try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: url)
        }
        // The album page has the id only while the album has a description;
        // photo pages link to it and do not show the description.
        try edit("page.mustache", "<p class=\"description\">{{.}}</p>", "<p class=\"description\" id=\"about\">{{.}}</p>")
        try edit("photo.mustache", "<p class=\"position\"", "<p><a href=\"index.html#about\">About</a></p>\n<p class=\"position\"")
        let json = album.appendingPathComponent("album.json")
        try Data(#"{"description": "Six photos"}"#.utf8).write(to: json)
        let options = BuildOptions(album: album, output: folder.file("site"), templates: theme)
        try Self.build(options)
        try Data(#"{"title": "Six photos"}"#.utf8).write(to: json)
        #expect(throws: BuildError.self) { try Self.build(options) }
        // Without the link the same change passes, parsing only the album page.
        try edit("photo.mustache", "<p><a href=\"index.html#about\">About</a></p>\n", "")
        try Data(#"{"description": "Six photos"}"#.utf8).write(to: json)
        try Self.build(options)
        try Data(#"{"description": "Six photos, and more"}"#.utf8).write(to: json)
        #expect(try Self.parsed(options)["checks"] == 1)
    }

    @Test("A page edited by hand is written again; an untouched one is not read back")
    func editedPageRewritten() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let site = folder.file("site")
        let options = BuildOptions(album: album, output: site, templates: Repo.templates)
        try Self.build(options)
        let before = try snapshot(site)
        let page = site.appendingPathComponent("index.html")
        var text = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        // Same size: only the change time tells the edit.
        text = text.replacingOccurrences(of: "<h1>", with: "<h2>")
        try Data(text.utf8).write(to: page)
        try Self.build(options)
        let after = try snapshot(site)
        #expect(after.keys.sorted().filter { after[$0] != before[$0] && $0 != MarkupVerdicts.fileName } == [])
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
