import Foundation
import ImageHeaders
import Testing
import Thumbnails
@testable import Gallery

/// `--formats` (issue 12): AVIF and WebP renditions beside the JPEG ones, offered in a
/// `<picture>`; cached, reused, removed and sharded like the JPEG ones; default output unchanged.
@Suite struct FormatsBuildTests {
    static func options(_ album: URL, _ output: URL, _ formats: [RenditionFormat]) -> BuildOptions {
        var settings = RenditionSettings()
        settings.formats = formats
        return BuildOptions(album: album, output: output, templates: Repo.templates, renditions: settings)
    }

    static func renditionNames(_ output: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("renditions").path).sorted()
    }

    static func html(_ output: URL, _ page: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
    }

    @Test func alternatesAreMadeAndOfferedInAPicture() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try renditionAlbum(album)
        let report = try Site.build(Self.options(album.url, out.url, [.webp, .avif]))
        #expect(report.photos.count == 3)
        for photo in report.photos {
            #expect(photo.alternates.map(\.format) == [.avif, .webp])
            for alternate in photo.alternates {
                // The same widths and sizes as the JPEG ladder, each file decoding to its size.
                #expect(alternate.files.map(\.width) == photo.renditions.map(\.width))
                #expect(alternate.files.map(\.height) == photo.renditions.map(\.height))
                for file in alternate.files {
                    let bytes = [UInt8](try Data(contentsOf: out.file(file.path)))
                    let decoded = try ImageDecoder.decode(bytes)
                    #expect(decoded.format == alternate.format.encodedFormat, "\(file.path)")
                    #expect(decoded.pixels.width == file.width && decoded.pixels.height == file.height, "\(file.path)")
                }
            }
        }
        let index = try Self.html(out.url, "index.html")
        #expect(index.components(separatedBy: "<picture><source type=\"image/avif\" srcset=\"renditions/").count == 4)
        #expect(index.components(separatedBy: "<source type=\"image/webp\" srcset=\"renditions/").count == 4)
        // The <img> is still the JPEG one, with its box.
        #expect(index.contains("/></picture>"))
        #expect(!index.contains(".avif\" width="))
        let photoPage = try Self.html(out.url, "coffee.html")
        #expect(photoPage.contains("<picture><source type=\"image/avif\""))
        #expect(photoPage.contains("sizes=\"(min-width: 64rem) min(calc(100vw - 24px"))
    }

    @Test func defaultOutputHasNoPicture() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        let report = try Site.build(Self.options(album.url, out.url, RenditionFormat.standard))
        #expect(report.photos[0].alternates.isEmpty)
        #expect(!(try Self.html(out.url, "index.html")).contains("<picture"))
        #expect(!(try Self.html(out.url, "coffee.html")).contains("<picture"))
        #expect(try Self.renditionNames(out.url).allSatisfy { $0.hasSuffix(".jpg") })
    }

    /// Cached: a rebuild makes nothing and changes no byte; a format dropped
    /// from the settings has its files removed and its `<source>` gone, the
    /// others kept; added back, only its files are made.
    @Test func cachedReusedAndRemovedWithTheSettings() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        let first = try Site.build(Self.options(album.url, out.url, [.avif, .webp]))
        let perFormat = first.photos[0].renditions.count
        #expect(first.renditionsMade == 3 * perFormat)
        let before = try snapshot(out.url)
        let second = try Site.build(Self.options(album.url, out.url, [.avif, .webp]))
        #expect(second.renditionsMade == 0)
        #expect(try snapshot(out.url) == before)

        let dropped = try Site.build(Self.options(album.url, out.url, [.avif]))
        #expect(dropped.renditionsMade == 0)
        #expect(dropped.filesRemoved == perFormat)
        #expect(try Self.renditionNames(out.url).filter { $0.hasSuffix(".webp") }.isEmpty)
        #expect(try Self.renditionNames(out.url).filter { $0.hasSuffix(".avif") }.count == perFormat)
        #expect(!(try Self.html(out.url, "index.html")).contains("image/webp"))
        #expect(try String(contentsOf: out.file(RenditionIndex.fileName), encoding: .utf8).contains(".avif\n"))

        let again = try Site.build(Self.options(album.url, out.url, [.avif, .webp]))
        #expect(again.renditionsMade == perFormat)
        #expect(try snapshot(out.url) == before)

        let jpegOnly = try Site.build(Self.options(album.url, out.url, [.jpeg]))
        #expect(jpegOnly.filesRemoved == 2 * perFormat)
        #expect(!(try Self.html(out.url, "index.html")).contains("<picture"))
    }

    /// A format added to a built site makes only its files, and every rendition, the JPEGs made
    /// on the photo's Y′CbCr planes among them, is byte for byte what a cold build with that format makes.
    @Test func aFormatAddedLaterGivesTheColdBuildsRenditions() throws {
        let album = TemporaryFolder(), later = TemporaryFolder(), cold = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        _ = try Site.build(Self.options(album.url, later.url, [.jpeg]))
        let added = try Site.build(Self.options(album.url, later.url, [.webp, .jpeg]))
        #expect(added.renditionsMade == added.photos[0].renditions.count)
        _ = try Site.build(Self.options(album.url, cold.url, [.webp, .jpeg]))
        func renditions(_ root: URL) throws -> [String: Data] {
            let folder = root.appendingPathComponent("renditions")
            var files: [String: Data] = [:]
            for name in try Self.renditionNames(root) { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
            return files
        }
        let made = try renditions(later.url)
        #expect(made.keys.contains { $0.hasSuffix(".webp") } && made.keys.contains { $0.hasSuffix(".jpg") })
        #expect(made == (try renditions(cold.url)))
    }

    /// A shard makes the alternates too and records them; the build after it takes them all.
    @Test func shardsMakeAndHandOverTheAlternates() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        var options = Self.options(album.url, output.url, [.avif, .webp])
        options.shard = Shard(index: 1, count: 1)
        let shard = try Site.build(options)
        let record = try String(contentsOf: output.file(".cascade-shard-1-of-1"), encoding: .utf8)
        #expect(record.contains(" formats=avif,webp,jpeg\n"))
        #expect(record.contains(".avif\n") && record.contains(".webp\n"))
        #expect(shard.renditionsMade == 3 * (try Self.renditionNames(output.url).filter { $0.hasSuffix(".jpg") }.count))
        options.shard = nil
        let final = try Site.build(options)
        #expect(final.renditionsMade == 0)
        #expect(final.renditionsKept == shard.renditionsMade)
        #expect((try Self.html(output.url, "index.html")).contains("<source type=\"image/webp\""))
    }

    @Test(arguments: [("avif,webp,jpeg", [RenditionFormat.avif, .webp, .jpeg]), ("webp", [.webp, .jpeg]),
                      ("jpeg", [.jpeg]), (" WebP , avif", [.avif, .webp, .jpeg]), ("jpg,webp,webp", [.webp, .jpeg])])
    func parsesFormatLists(_ text: String, _ expected: [RenditionFormat]) throws {
        #expect(try RenditionFormat.parseList(text).get() == expected)
    }

    @Test(arguments: [("wepb", FormatListProblem.unknown(name: "wepb", suggestion: "webp")),
                      ("avif,gif", .unknown(name: "gif", suggestion: nil)), ("", .empty), ("avif,", .empty)])
    func refusesBadFormatLists(_ text: String, _ problem: FormatListProblem) {
        #expect(throws: problem) { try RenditionFormat.parseList(text).get() }
    }

    @Test func settingsFileTakesAFormatList() throws {
        let settings = try BuildSettings.parse(Array(#"{"formats": ["webp", "avif"]}"#.utf8), displayPath: "c.json")
        #expect(settings.formats == [.avif, .webp, .jpeg])
        for text in [#"{"formats": "webp"}"#, #"{"formats": ["webp", "wbp"]}"#, #"{"formats": []}"#, #"{"formats": [1]}"#] {
            #expect(throws: BuildError.self, "\(text)") { try BuildSettings.parse(Array(text.utf8), displayPath: "c.json") }
        }
    }
}
