import Foundation
import Mustache
import Testing
@testable import Gallery

/// A photo page shows its photo, its neighbours and the album's shared
/// fields, not the album's count (its script reads `3 of 28` from the
/// album's `photos.json`): so one photo added to or removed from a long flat
/// album renders its album's pages and the pages next to it, and the site
/// still equals a cold build's byte for byte.
@Suite("Photo pages kept one by one")
struct PhotoPageReuseTests {
    /// A flat album of `names` (each `<name>.png`, a tiny PNG of its own).
    static func album(in folder: TemporaryFolder, _ names: [String]) throws -> URL {
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (seed, name) in names.enumerated() {
            try AlbumPatchTests.png(seed + 1).write(to: album.appendingPathComponent(name + ".png"))
        }
        return album
    }

    /// Readable names (not camera counters): a page names its photo by them.
    static func readable(_ number: Int) -> String { "view-" + String(format: "%04d", number) + "-a" }

    static func build(_ album: URL, _ output: URL, perPage: Int? = nil) throws -> BuildReport {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        if let perPage { options.photosPerPage = perPage }
        return try Site.build(options)
    }

    /// Adds `name` to the album, rebuilds `site` and compares it with a cold
    /// build; then removes it again and does the same. Returns how many
    /// pages each rebuild rendered.
    static func addAndRemove(_ name: String, album: URL, site: URL, folder: TemporaryFolder,
                             perPage: Int? = nil) throws -> (added: Int, removed: Int) {
        let photo = album.appendingPathComponent(name + ".png")
        try AlbumPatchTests.png(9_999).write(to: photo)
        let added = try build(album, site, perPage: perPage).pagesRendered
        let coldAdded = folder.file("cold-added-" + name)
        _ = try build(album, coldAdded, perPage: perPage)
        #expect(try snapshot(site) == snapshot(coldAdded), "after adding \(name)")
        try FileManager.default.removeItem(at: photo)
        let removed = try build(album, site, perPage: perPage).pagesRendered
        let coldRemoved = folder.file("cold-removed-" + name)
        _ = try build(album, coldRemoved, perPage: perPage)
        #expect(try snapshot(site) == snapshot(coldRemoved), "after removing \(name)")
        return (added, removed)
    }

    @Test("One photo added in the middle of 300 and removed again: its page, its two neighbours' and the album page are rendered, and the site is a cold build's")
    func middleOfAFlatAlbum() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, (1...300).map(Self.readable))
        let site = folder.file("site")
        #expect(try Self.build(album, site).pagesRendered == 301)
        #expect(try Self.build(album, site).pagesRendered == 0)
        // Sorted between view-0150-a and view-0151-a.
        let counts = try Self.addAndRemove("view-0150-b", album: album, site: site, folder: folder)
        #expect(counts.added == 4, "the new page, two neighbours and the album page")
        #expect(counts.removed == 3, "two neighbours and the album page")
    }

    @Test("Camera-numbered photos (IMG_0001…) named by number: one added at the end renders its page, the last one's and the album page")
    func numberedPhotosAtTheEnd() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, (1...300).map { "IMG_" + String(format: "%04d", $0) })
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let counts = try Self.addAndRemove("IMG_0301", album: album, site: site, folder: folder)
        #expect(counts.added == 3)
        #expect(counts.removed == 2)
        // Named by number, not by the count: "Photo 300", and no "of 300" anywhere on the page.
        let page = String(decoding: try Data(contentsOf: site.appendingPathComponent("IMG_0300.html")), as: UTF8.self)
        #expect(page.contains("<h1>Photo 300</h1>"))
        #expect(page.contains("alt=\"Photo 300\""))
        #expect(page.contains("<title>Photo 300 — album</title>"))
        #expect(!page.contains("of 300"))
        // The album page still counts in the album.
        let index = String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(index.contains("alt=\"Photo 300 of 300\""))
    }

    @Test("An album over pages: a photo added in the middle also renders the photo whose tile moves to the next page, and the site is a cold build's")
    func pagedAlbum() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, (1...290).map(Self.readable))
        let site = folder.file("site")
        _ = try Self.build(album, site, perPage: 100)
        let counts = try Self.addAndRemove("view-0150-b", album: album, site: site, folder: folder, perPage: 100)
        // 3 album pages, the new photo, its two neighbours, and view-0199-a, whose tile moves to page 3 (and back).
        #expect(counts.added == 7)
        #expect(counts.removed == 6)
    }

    @Test("The photo page's place comes from the album's photos.json, which lists every photo page in order")
    func photoIndex() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, ["b-one", "a-two", "c-three"].map { "shot-" + $0 })
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let index = try Data(contentsOf: site.appendingPathComponent("photos.json"))
        #expect(String(decoding: index, as: UTF8.self) == #"{"photos":["shot-a-two","shot-b-one","shot-c-three"]}"# + "\n")
        let parsed = try #require(try JSONSerialization.jsonObject(with: index) as? [String: [String]])
        #expect(parsed["photos"]?.count == 3)
        let page = String(decoding: try Data(contentsOf: site.appendingPathComponent("shot-b-one.html")), as: UTF8.self)
        #expect(page.contains(#"<p class="position" data-photos="photos.json" data-slug="shot-b-one"></p>"#))
        // The theme's script reads it and counts in the page's language.
        let script = String(decoding: try Data(contentsOf: site.appendingPathComponent("viewer.js")), as: UTF8.self)
        #expect(script.contains(#"fetch(holder.getAttribute("data-photos"))"#))
        #expect(script.contains(#"text("viewerPosition", { n: count(at + 1), total: count(photos.length) })"#))
        // Listed as Cascade's: gone with the album's last photo page (the photos moved to a sub-album).
        try FileManager.default.createDirectory(at: album.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["shot-a-two", "shot-b-one", "shot-c-three"] {
            try FileManager.default.moveItem(at: album.appendingPathComponent(name + ".png"),
                                             to: album.appendingPathComponent("sub/" + name + ".png"))
        }
        _ = try Self.build(album, site)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("photos.json").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("sub/photos.json").path))
    }

    @Test("A JSON string in photos.json escapes quotes, backslashes and control characters", arguments: [
        ("a\"b", #""a\"b""#), ("c\\d", #""c\\d""#), ("e\u{1}f", #""e\u0001f""#), ("日本", #""日本""#),
    ])
    func photoIndexEscapes(_ slug: String, _ json: String) throws {
        #expect(JSONText.quoted(slug) == json)
        let parsed = try JSONSerialization.jsonObject(with: Data(("[" + json + "]").utf8)) as? [String]
        #expect(parsed == [slug])
    }

    @Test("A photo named by number is 'Photo 3' on its page, in each language", arguments: [
        ("en", "Photo 3", "Photo 3, 12 May 2024"),
        ("fr", "Photo 3", "Photo 3, 12 mai 2024"),
        ("de", "Foto 3", "Foto 3, 12. Mai 2024"),
        ("es", "Foto 3", "Foto 3, 12 de mayo de 2024"),
        ("zh", "第 3 张照片", "第 3 张照片，2024年5月12日"),
        ("ja", "写真 3", "写真 3、2024年5月12日"),
    ])
    func ordinal(_ language: String, _ plain: String, _ dated: String) throws {
        let strings = try CameraDetailsTests.strings(language)
        #expect(strings.format("photoOrdinal", ["n": strings.number(3)]) == plain)
        let date = try #require(PhotoDate(parsing: "2024-05-12"))
        #expect(strings.format("photoOrdinalDated", ["n": strings.number(3), "date": strings.date(date)]) == dated)
    }

    /// The model's photo page digests for `names`, with `edit` applied to the photos first.
    static func digests(_ names: [String], edit: (inout [Photo]) -> Void = { _ in }) throws -> [ContentHash] {
        let header = try sampleHeader("coffee.jpg")
        var photos = names.map { Photo(fileName: $0 + ".jpg", header: header) }
        edit(&photos)
        return PageModel(title: "A", photos: photos).photoPageDigests(context: ["test"])
    }

    @Test("A photo's title changes its page's digest and its neighbours', no other")
    func digestsFollowWhatAPageShows() throws {
        let names = (1...8).map(Self.readable)
        let before = try Self.digests(names)
        let after = try Self.digests(names) { $0[4].details.title = "Harbour" }
        #expect(before.indices.filter { before[$0] != after[$0] } == [3, 4, 5])
        // A photo added at the end: only the last page had a neighbour change.
        let longer = try Self.digests(names + [Self.readable(9)])
        #expect(before.indices.filter { before[$0] != longer[$0] } == [7])
        // Camera-numbered photos shift their numbers: a photo removed from the front changes every page after it.
        let numbered = (1...5).map { "IMG_" + String(format: "%04d", $0) }
        let full = try Self.digests(numbered), shorter = try Self.digests(Array(numbered.dropFirst()))
        #expect(zip(full.dropFirst(), shorter).allSatisfy { $0 != $1 })
    }
}
