import Foundation
@testable import Gallery
import Synchronization
import Testing

/// A build that makes an album's ZIP renders its pages twice: first as
/// planned (before any archive is made), then with the download link. The
/// second render takes every page whose data is unchanged from the first
/// (``EarlierPages``), and the download is part of the first album page's
/// data only, so a new ZIP changes that page and nothing else.
@Suite("Earlier pages")
struct EarlierPagesTests {
    /// An album of `count` small PNGs in the root and two in `sub`.
    static func album(in folder: TemporaryFolder, count: Int = 8) throws -> URL {
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for seed in 0..<count {
            try AlbumPatchTests.png(seed).write(to: album.appendingPathComponent("p\(seed).png"))
        }
        try AlbumPatchTests.png(50).write(to: album.appendingPathComponent("sub/s0.png"))
        try AlbumPatchTests.png(51).write(to: album.appendingPathComponent("sub/s1.png"))
        return album
    }

    /// Builds, counting the pages the markup check parsed (one `checks` progress step each).
    static func build(_ options: BuildOptions) throws -> (report: BuildReport, parsed: Int) {
        let parsed = Atomic<Int>(0)
        let report = try Site.build(options, progress: { step in
            if step.stage == "checks" { parsed.add(1, ordering: .relaxed) }
        })
        return (report, parsed.load(ordering: .relaxed))
    }

    @Test("A cold build that makes ZIPs parses only the first album pages again, and writes what one render would")
    func coldBuildWithArchives() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let site = folder.file("site")
        let (report, parsed) = try Self.build(AlbumZipTests.options(album, site))
        #expect(report.zipsMade == 2)
        let pages = try snapshot(site).keys.filter { $0.hasSuffix(".html") }.count
        #expect(pages == report.pages && pages > 10)
        // Every page once, then the two albums' first pages with their new links.
        #expect(parsed == pages + 2, "parsed \(parsed) for \(pages) pages")
        // The same site from one render: the archives already there (so the
        // planned pages have their links), the verdicts gone (so none is kept).
        let once = folder.file("once")
        try FileManager.default.copyItem(at: site, to: once)
        try FileManager.default.removeItem(at: once.appendingPathComponent(MarkupVerdicts.fileName))
        let (again, parsedOnce) = try Self.build(AlbumZipTests.options(album, once))
        #expect(again.zipsMade == 0 && again.zipsKept == 2 && again.pagesRendered == pages)
        #expect(parsedOnce == pages)
        #expect(try snapshot(once) == snapshot(site))
    }

    @Test("A photo added to an album with a ZIP renders the album's pages and the new photo's neighbours, not every photo page")
    func photoAddedWithArchive() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, count: 12)
        let site = folder.file("site")
        _ = try Site.build(AlbumZipTests.options(album, site))
        try AlbumPatchTests.png(99).write(to: album.appendingPathComponent("p99.png"))
        let (report, _) = try Self.build(AlbumZipTests.options(album, site))
        #expect(report.zipsMade == 1)
        // The album page, the new photo's page and the one before it (the
        // sub-album is carried or kept as it was).
        #expect(report.pagesRendered <= 4, "rendered \(report.pagesRendered) of \(report.pages)")
        _ = try Site.build(AlbumZipTests.options(album, folder.file("cold")))
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
    }

    /// An earlier render's assets were made from the home page's data then:
    /// taken only while that data is the same, even when the final render
    /// keeps them from disk (a photo dropped between the renders changes it).
    @Test("An asset is taken from the earlier render only while the home page's data is the same; a page only with its own data")
    func assetsFollowTheHomePage() {
        let home = ContentHash.of(Array("home".utf8)), other = ContentHash.of(Array("other".utf8))
        let page = ContentHash.of(Array("page".utf8))
        let files = ["index.html", "style.css", "a.html"].map {
            Theme.RenderedFile(path: $0, text: "text of " + $0, template: "t", value: { .null })
        }
        let result = SitePages.Result(models: [], rendered: files, digests: files.map(\.body.digest), files: ["a.jpg"],
                                      ownFiles: [], links: [:], modelDigests: ["index.html": home, "a.html": page])
        let same = EarlierPages(result, files: ["a.jpg"], homePath: "index.html", homeDigest: home, assetNames: ["style.css"])
        #expect(same.reuses("style.css", digest: nil))
        #expect(same.taken("style.css", digest: nil)?.file.text == "text of style.css")
        #expect(same.reuses("a.html", digest: page) && !same.reuses("a.html", digest: other))
        let changed = EarlierPages(result, files: ["a.jpg"], homePath: "index.html", homeDigest: other, assetNames: ["style.css"])
        #expect(!changed.reuses("style.css", digest: nil))
        #expect(changed.taken("style.css", digest: nil) == nil)
        // Neither an asset nor a page with a digest: never taken.
        #expect(!same.reuses("a.html", digest: nil))
        #expect(!same.reuses("missing.html", digest: page))
    }

    @Test("A photo dropped while a ZIP album is made: the pages taken from the planned render give the site of the album without it")
    func droppedPhotoWithArchive() throws {
        let folder = TemporaryFolder()
        let album = try RenditionOutcomeTests.album(in: folder, name: "album")
        try CutShortBuildTests.gifCutAfterFirstFrame().write(to: album.appendingPathComponent("m-cut.gif"))
        let (report, _) = try Self.build(AlbumZipTests.options(album, folder.file("site")))
        #expect(report.photos.map(\.fileName) == ["a.jpg", "b.jpg", "z.jpg"] && report.zipsMade == 1)
        // Named as the first, in a folder of its own: the site's title is the album folder's name.
        let other = TemporaryFolder()
        let clean = try RenditionOutcomeTests.album(in: other, name: "album")
        _ = try Site.build(AlbumZipTests.options(clean, folder.file("cold")))
        let site = try snapshot(folder.file("site")).filter { !$0.key.hasPrefix(".cascade") }
        let cold = try snapshot(folder.file("cold")).filter { !$0.key.hasPrefix(".cascade") }
        #expect(site.keys.sorted() == cold.keys.sorted())
        for (path, bytes) in cold { #expect(site[path] == bytes, "\(path)") }
    }
}

