import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// A rebuild that carries the albums whose folders did not change
/// (``AlbumPatch``) must write exactly what a cold build writes, and report
/// the same figures; where the tree does not allow one, it is a full build.
@Suite("Carried albums")
struct AlbumPatchTests {
    /// A small PNG whose pixels (and so content hash) follow from `seed`.
    static func png(_ seed: Int) throws -> Data {
        let width = 6 + seed % 7, height = 4 + seed % 5
        let samples = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 97) }
        return Data(try ImageEncoder.png(PixelBuffer(width: width, height: height, channels: 3, samples: samples)))
    }

    /// root: one photo; `a` (3), `b/c` (2), `b/d` (2), `e` (2).
    /// `layout`: each album's path and how many PNGs it holds (`p0.png`…), made by `image` from seeds in order.
    static func library(in folder: TemporaryFolder,
                        layout: [(String, Int)] = [("", 1), ("a", 3), ("b/c", 2), ("b/d", 2), ("e", 2)],
                        image: (Int) throws -> Data = png) throws -> URL {
        let album = folder.file("album")
        var seed = 0
        for (path, count) in layout {
            let dir = path.isEmpty ? album : album.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for number in 0..<count {
                seed += 1
                try image(seed).write(to: dir.appendingPathComponent("p\(number).png"))
            }
        }
        return album
    }

    static func build(_ album: URL, _ output: URL) throws -> BuildReport {
        try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates))
    }

    /// One change to the library and whether a rebuild may carry albums after it.
    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        var carries: Bool
        var apply: @Sendable (URL) throws -> Void
        var testDescription: String { name }
    }

    static let steps: [Step] = [
        Step(name: "a photo added to a leaf album", carries: true) { try Self.png(100).write(to: $0.appendingPathComponent("a/new.png")) },
        Step(name: "a photo removed from a nested album", carries: true) {
            try FileManager.default.removeItem(at: $0.appendingPathComponent("b/c/p1.png"))
        },
        Step(name: "a photo rewritten with other pixels", carries: true) { try Self.png(200).write(to: $0.appendingPathComponent("e/p0.png")) },
        Step(name: "photos changed in two albums", carries: true) {
            try Self.png(300).write(to: $0.appendingPathComponent("b/d/zz.png"))
            try FileManager.default.removeItem(at: $0.appendingPathComponent("a/p2.png"))
        },
        Step(name: "a leaf album's title set in album.json", carries: true) {
            try Data(#"{"title": "Album E"}"#.utf8).write(to: $0.appendingPathComponent("e/album.json"))
        },
        Step(name: "a Markdown caption with a link and a list, as a sigal sidecar", carries: true) {
            try Data("Title: First\n\nSee [the source](https://example.com/x).\n\n* one\n* two\n".utf8)
                .write(to: $0.appendingPathComponent("e/p0.md"))
        },
        Step(name: "an unreadable file added to a leaf album (a warning)", carries: true) {
            try Data("not an image".utf8).write(to: $0.appendingPathComponent("b/d/broken.jpg"))
        },
        Step(name: "the unreadable file removed again", carries: false) {
            try FileManager.default.removeItem(at: $0.appendingPathComponent("b/d/broken.jpg"))
        },
        Step(name: "a photo added to the root", carries: false) { try Self.png(400).write(to: $0.appendingPathComponent("root2.png")) },
        Step(name: "an album added", carries: false) {
            try FileManager.default.createDirectory(at: $0.appendingPathComponent("f"), withIntermediateDirectories: true)
            try Self.png(500).write(to: $0.appendingPathComponent("f/p0.png"))
        },
        Step(name: "an album emptied", carries: false) {
            for name in ["p0.png", "p1.png", "album.json"] {
                try? FileManager.default.removeItem(at: $0.appendingPathComponent("e/\(name)"))
            }
        },
        Step(name: "a sub-album added below a leaf", carries: false) {
            try FileManager.default.createDirectory(at: $0.appendingPathComponent("a/deeper"), withIntermediateDirectories: true)
            try Self.png(600).write(to: $0.appendingPathComponent("a/deeper/p0.png"))
        },
    ]

    @Test("Change after change, each rebuild equals a cold build, carrying albums only where it may")
    func everyRebuildEqualsACold() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        for (number, step) in Self.steps.enumerated() {
            try step.apply(album)
            let report = try Self.build(album, site)
            let cold = try Self.build(album, folder.file("cold-\(number)"))
            #expect(try snapshot(site) == snapshot(folder.file("cold-\(number)")), "after \(step.name)")
            #expect((report.albumsCarried > 0) == step.carries, "after \(step.name): \(report.albumsCarried) carried")
            #expect(report.warnings.map(\.description) == cold.warnings.map(\.description), "after \(step.name)")
            #expect(report.albums == cold.albums && report.publishedPhotos == cold.publishedPhotos
                    && report.pages == cold.pages && report.videosPublished == cold.videosPublished
                    && report.renditionsKept + report.renditionsMade == cold.renditionsKept + cold.renditionsMade,
                    "after \(step.name)")
            // And the next build, with nothing changed, replays those figures
            // (after a build with a warning, which leaves no snapshot, it builds in full).
            let again = try Self.build(album, site)
            guard report.warnings.isEmpty else { continue }
            #expect(again.stages.map(\.name) == ["unchanged"], "after \(step.name)")
            #expect(again.albums == cold.albums && again.publishedPhotos == cold.publishedPhotos && again.pages == cold.pages)
        }
    }

    @Test("Feeds and a sitemap reach across albums: with a base URL every rebuild is a full one")
    func baseURLBuildsInFull() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        var options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        options.baseURL = BaseURL("https://example.com/photos/")
        _ = try Site.build(options)
        try Self.png(1000).write(to: album.appendingPathComponent("a/new.png"))
        #expect(try Site.build(options).albumsCarried == 0)
        options.output = folder.file("cold")
        _ = try Site.build(options)
        #expect(try snapshot(folder.file("site")) == snapshot(folder.file("cold")))
    }

    @Test("A carried album's card keeps its count, dates and cover on its parent's page")
    func carriedCardsAreTheSame() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let before = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        try Self.png(700).write(to: album.appendingPathComponent("a/new.png"))
        let report = try Self.build(album, site)
        // `b` (with `c` and `d`) and `e` are carried; `a` and the root are read.
        #expect(report.albumsCarried == 4)
        let after = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(before != after)
        // Each card's image and label (not its place: `a`'s new cover moves the tiles after it).
        let cards = { (page: String) in
            page.components(separatedBy: "\n")
                .filter { $0.contains("href=\"b/index.html\"") || $0.contains("href=\"e/index.html\"") }
                .map { $0.components(separatedBy: "<img").last ?? "" }
        }
        #expect(cards(before) == cards(after) && cards(after).count == 2, "\(cards(before))\n\(cards(after))")
    }

    @Test("A damaged or missing album record means a full build, with the same site")
    func damagedRecordFallsBack() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        AlbumRecord.store("cascade-album 1\nstamp nonsense\n", onFolderAt: site.appendingPathComponent("e").path)
        try Self.png(800).write(to: album.appendingPathComponent("a/new.png"))
        let report = try Self.build(album, site)
        #expect(report.albumsCarried == 0)
        _ = try Self.build(album, folder.file("cold"))
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
        // That build left every record whole again.
        try Self.png(801).write(to: album.appendingPathComponent("a/newer.png"))
        #expect(try Self.build(album, site).albumsCarried > 0)
    }

    @Test("An album record reads back as written", arguments: [
        AlbumRecord(stamp: TreeStamp(sum: [1, 2, 3, 0xFFFF_FFFF_FFFF_FFFF], count: 3), photos: 10, albums: 2, treeAlbums: 3, videos: 1,
                    dates: (PhotoDate(year: 2024, month: 5, day: 1, hour: 10, minute: nil, second: nil),
                            PhotoDate(year: 2024, month: 6, day: 2)),
                    cover: "a/b c\tx.jpg"),
        AlbumRecord(stamp: TreeStamp(), photos: 0, albums: 0, treeAlbums: 1, videos: 0, dates: nil, cover: nil),
    ])
    func recordRoundTrip(record: AlbumRecord) {
        #expect(AlbumRecord(text: record.text) == record)
        #expect(AlbumRecord(text: record.text.replacingOccurrences(of: "photos", with: "fotos")) == nil)
        #expect(AlbumRecord(text: String(record.text.dropLast())) == nil)
        // The older record (its stamp 32 digits of the old hash) is none.
        let stamp = record.stamp.description
        let older = record.text.replacingOccurrences(of: stamp, with: stamp.dropFirst(32))
        #expect(AlbumRecord(text: older) == nil)
        #expect(AlbumRecord(text: older.replacingOccurrences(of: "cascade-album 2", with: "cascade-album 1")) == nil)
    }

    @Test("Each folder's stamp is its part of the tree's: the parts sum to the whole")
    func folderStampsSum() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let stamps = try #require(TreeStamp.folders(path: album.path, entersHiddenFolders: false))
        #expect(stamps.stamp == TreeStamp.of(path: album.path, entersHiddenFolders: false))
        #expect(stamps.folders[""] == stamps.stamp)
        #expect(Set(stamps.folders.keys) == ["", "a", "b", "b/c", "b/d", "e"])
        // b's part is its own entry and c's and d's parts.
        let b = try #require(stamps.folders["b"]), c = try #require(stamps.folders["b/c"]), d = try #require(stamps.folders["b/d"])
        #expect(b.count == c.count + d.count + 1)
        // A file added in c changes c's part, b's and the root's, not d's or a's.
        try Self.png(900).write(to: album.appendingPathComponent("b/c/new.png"))
        let later = try #require(TreeStamp.folders(path: album.path, entersHiddenFolders: false))
        #expect(later.folders["b/c"] != c && later.folders["b"] != b && later.folders[""] != stamps.stamp)
        #expect(later.folders["b/d"] == d && later.folders["a"] == stamps.folders["a"])
    }
}
