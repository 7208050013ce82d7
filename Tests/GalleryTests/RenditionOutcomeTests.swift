import Foundation
@testable import Gallery
import Testing

/// The renditions stage keeps the photos as made only once one comes out
/// other than planned (``RenditionWork/Made``): a photo dropped, or a PNG
/// where a JPEG was guessed. These build such albums with the odd photo in
/// the middle of the order, so the photos before it must be made again for
/// the final pages.
@Suite("Rendition outcomes")
struct RenditionOutcomeTests {
    static let formats = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/formats")

    /// Three sample photos, named to sort before and after an odd one named `m-…`.
    static func album(in folder: TemporaryFolder, name: String) throws -> URL {
        let album = folder.file(name)
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for (index, (_, path)) in Repo.samplePhotoPaths.prefix(3).enumerated() {
            try FileManager.default.copyItem(at: path, to: album.appendingPathComponent(["a.jpg", "b.jpg", "z.jpg"][index]))
        }
        return album
    }

    @Test("A photo dropped while its renditions are made leaves the others' pages as a build without it gives")
    func droppedInTheMiddle() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, name: "album")
        try CutShortBuildTests.gifCutAfterFirstFrame().write(to: album.appendingPathComponent("m-cut.gif"))
        let options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        let report = try Site.build(options)
        #expect(report.photos.map(\.fileName) == ["a.jpg", "b.jpg", "z.jpg"])
        #expect(report.warnings.map(\.path).contains { $0.hasSuffix("m-cut.gif") })
        // The same three photos without the cut file: the same site, but for the bookkeeping naming it.
        let clean = try Self.album(in: folder, name: "clean")
        _ = try Site.build(BuildOptions(album: clean, output: folder.file("cold"), templates: Repo.templates))
        let site = try snapshot(folder.file("site")).filter { !$0.key.hasPrefix(".cascade") }
        let cold = try snapshot(folder.file("cold")).filter { !$0.key.hasPrefix(".cascade") }
        #expect(site.keys.sorted() == cold.keys.sorted())
        let page = String(decoding: try #require(site["index.html"]), as: UTF8.self)
        #expect(!page.contains("m-cut"))
        #expect(page.contains("a.html") && page.contains("b.html") && page.contains("z.html"))
    }

    @Test("A photo with real transparency, planned as a JPEG, is published as a PNG, and every page says so")
    func transparentInTheMiddle() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder, name: "album")
        try FileManager.default.copyItem(at: Self.formats.appendingPathComponent("webp-alpha.webp"),
                                         to: album.appendingPathComponent("m-alpha.webp"))
        let options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        let report = try Site.build(options)
        #expect(report.photos.map(\.fileName) == ["a.jpg", "b.jpg", "m-alpha.webp", "z.jpg"])
        let site = try snapshot(folder.file("site"))
        let renditions = site.keys.filter { $0.hasPrefix("renditions/") }
        #expect(renditions.contains { $0.hasSuffix(".png") })
        // Every rendition a page names is in the folder: none names the JPEG that was guessed.
        for (path, bytes) in site where path.hasSuffix(".html") {
            let text = String(decoding: bytes, as: UTF8.self)
            for named in text.components(separatedBy: "renditions/").dropFirst() {
                let name = "renditions/" + named.prefix { !"\" ,?".contains($0) }
                #expect(site[name] != nil, "\(path) names \(name)")
            }
        }
        // And a rebuild with nothing changed keeps it all.
        _ = try Site.build(options)
        #expect(try snapshot(folder.file("site")) == site)
    }
}
