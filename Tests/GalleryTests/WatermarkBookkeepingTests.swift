import Foundation
@testable import Gallery
import Testing
import Thumbnails

/// A watermark enters a rendition's key and name as its treatment digest:
/// marked and plain renditions of one photo are two files, a changed mark
/// gives new names, a site without marks keeps its old names and index
/// format, and builds stay reproducible byte for byte.
@Suite("Watermark bookkeeping")
struct WatermarkBookkeepingTests {
    @Test("Two cold builds of a marked album are byte-identical")
    func reproducible() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: WatermarkTests.text)
        _ = try WatermarkFixture.build(album, folder.file("one"))
        _ = try WatermarkFixture.build(album, folder.file("two"))
        let one = try snapshot(folder.file("one"))
        #expect(one == (try snapshot(folder.file("two"))))
        #expect(one.keys.contains { $0.contains("-w") })
    }

    @Test("One photo in a marked and a plain album: two files, each album's page showing its own")
    func samePhotoTwoAlbums() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        for (sub, config) in [("marked", WatermarkTests.text), ("plain", "{}")] {
            try FileManager.default.createDirectory(at: album.appendingPathComponent(sub), withIntermediateDirectories: true)
            try WatermarkFixture.photo(width: 1280, height: 854).write(to: album.appendingPathComponent("\(sub)/same.jpg"))
            try Data(config.utf8).write(to: album.appendingPathComponent("\(sub)/album.json"))
        }
        _ = try WatermarkFixture.build(album, folder.file("site"))
        let large = try WatermarkFixture.renditions(folder.file("site")).filter { $0.width == 1280 }
        #expect(large.count == 2 && Set(large.map(\.hash)).count == 1 && Set(large.map(\.treatment)) .count == 2)
        let markedPage = try String(contentsOf: folder.file("site/marked/same.html"), encoding: .utf8)
        let plainPage = try String(contentsOf: folder.file("site/plain/same.html"), encoding: .utf8)
        for file in large {
            #expect(markedPage.contains(file.path) == !file.treatment.isEmpty)
            #expect(plainPage.contains(file.path) == file.treatment.isEmpty)
        }
        let index = try String(contentsOf: folder.file("site/.cascade-renditions"), encoding: .utf8)
        #expect(index.hasPrefix(RenditionIndex.treatedHeader + "\n"))
    }

    @Test("Changing the mark's text in a leaf album: its renditions renamed and remade, the rest carried, the site a cold build's")
    func incrementalChange() throws {
        let folder = TemporaryFolder()
        let album = try AlbumPatchTests.library(in: folder, image: { seed in
            try WatermarkFixture.photo(width: 1100 + seed, height: 700, tint: seed)
        })
        try Data(WatermarkTests.text.utf8).write(to: album.appendingPathComponent("e/album.json"))
        let site = folder.file("site")
        _ = try AlbumPatchTests.build(album, site)
        let before = Set(try WatermarkFixture.renditions(site).filter { !$0.treatment.isEmpty })
        #expect(before.count == 2)
        try Data(#"{"watermark": {"text": "© Ben Ortiz"}}"#.utf8).write(to: album.appendingPathComponent("e/album.json"))
        let report = try AlbumPatchTests.build(album, site)
        #expect(report.albumsCarried > 0)
        let after = Set(try WatermarkFixture.renditions(site).filter { !$0.treatment.isEmpty })
        #expect(after.count == 2 && after.isDisjoint(with: before))
        #expect(Set(after.map(\.hash)) == Set(before.map(\.hash)))
        #expect(report.renditionsMade >= 2)
        _ = try AlbumPatchTests.build(album, folder.file("cold"))
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
        // Nothing changed since: the next build stops at once.
        #expect(try AlbumPatchTests.build(album, site).stages.map(\.name) == ["unchanged"])
        // The mark taken away: the plain large renditions, as a cold build.
        try FileManager.default.removeItem(at: album.appendingPathComponent("e/album.json"))
        _ = try AlbumPatchTests.build(album, site)
        #expect(try WatermarkFixture.renditions(site).allSatisfy { $0.treatment.isEmpty })
        _ = try AlbumPatchTests.build(album, folder.file("cold2"))
        #expect(try snapshot(site) == snapshot(folder.file("cold2")))
    }

    @Test("A shard leaves the marked renditions to the build after it, which then equals a cold build")
    func shardThenBuild() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: WatermarkTests.text)
        var options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        options.shard = Shard(index: 1, count: 1)
        _ = try Site.build(options)
        options.shard = nil
        let final = try Site.build(options)
        #expect(final.renditionsKept > 0 && final.renditionsMade > 0)
        _ = try WatermarkFixture.build(album, folder.file("cold"))
        #expect(try snapshot(folder.file("site")) == snapshot(folder.file("cold")))
    }

    @Test("The digest is stable, and changes with every setting that changes the pixels")
    func digestCoversSettings() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let root = try AlbumFolder(folder.url)
        let base = WatermarkSpec(mark: .text("© Ana Ruiz"))
        var variants: [WatermarkSpec] = []
        for change in 0..<6 {
            var spec = base
            switch change {
            case 0: spec.mark = .text("© Ana Ruíz")
            case 1: spec.position = .bottomLeft
            case 2: spec.opacity = 0.5
            case 3: spec.minWidth = 1280
            case 4: spec.size = 0.05
            default: spec.font = "DejaVu Serif"
            }
            variants.append(spec)
        }
        let digest = try AlbumTreatments.watermark(base, root: root).treatment
        #expect(try AlbumTreatments.watermark(base, root: root).treatment == digest)
        let others = try variants.map { try AlbumTreatments.watermark($0, root: root).treatment }
        #expect(Set(others).count == variants.count && !others.contains(digest))
    }

    @Test("Without a watermark the index keeps version 3 and the names are as before")
    func plainSiteUnchanged() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: nil, photos: ["mid.jpg": (1280, 854)])
        _ = try WatermarkFixture.build(album, folder.file("site"))
        let index = try String(contentsOf: folder.file("site/.cascade-renditions"), encoding: .utf8)
        #expect(index.hasPrefix(RenditionIndex.header + "\n"))
        #expect(index.split(separator: "\n").dropFirst().allSatisfy { $0.split(separator: "\t").count == 6 })
    }

    @Test("The index reads a treated line only when its name carries its digest")
    func indexLines() throws {
        let folder = TemporaryFolder()
        let hash = ContentHash.of(Array("photo".utf8))
        let digest = String(repeating: "ab", count: 16)
        let plain = RenditionIndex.path(hash: hash, space: .gammaEncoded, width: 1280, quality: 80, fileExtension: "jpg")
        let treated = RenditionIndex.path(hash: hash, space: .gammaEncoded, width: 1280, quality: 80, fileExtension: "jpg", treatment: digest)
        #expect(treated == plain.dropLast(4) + "-w" + digest + ".jpg")
        #expect(RenditionIndex.treatment(ofPath: treated) == digest && RenditionIndex.treatment(ofPath: plain) == "")
        var index = RenditionIndex()
        index.use(RenditionFile(width: 1280, height: 854, path: treated), hash: hash, space: .gammaEncoded, quality: 80, treatment: digest)
        index.use(RenditionFile(width: 320, height: 213, path: RenditionIndex.path(hash: hash, space: .gammaEncoded, width: 320,
                                                                                  quality: 80, fileExtension: "jpg")),
                  hash: hash, space: .gammaEncoded, quality: 80)
        let url = folder.file("index")
        try Data(index.serialized).write(to: url)
        let read = RenditionIndex(loadingFrom: url)
        #expect(read.existing(hash: hash, space: .gammaEncoded, width: 1280, quality: 80, treatment: digest)?.path == treated)
        #expect(read.existing(hash: hash, space: .gammaEncoded, width: 1280, quality: 80) == nil)
        #expect(read.existing(hash: hash, space: .gammaEncoded, width: 320, quality: 80) != nil)
        // A line whose digest is not its name's, and the same lines under version 3, are not read.
        let text = String(decoding: index.serialized, as: UTF8.self)
        try Data(text.replacingOccurrences(of: "\t" + digest, with: "\t-").utf8).write(to: url)
        #expect(RenditionIndex(loadingFrom: url).existing(hash: hash, space: .gammaEncoded, width: 1280, quality: 80) == nil)
        try Data(text.replacingOccurrences(of: RenditionIndex.treatedHeader, with: RenditionIndex.header).utf8).write(to: url)
        let old = RenditionIndex(loadingFrom: url)
        #expect(old.existing(hash: hash, space: .gammaEncoded, width: 320, quality: 80) == nil)
    }
}
