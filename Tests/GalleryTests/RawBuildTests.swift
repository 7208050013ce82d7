import Foundation
import ImageHeaders
import Testing
import Thumbnails
@testable import Gallery

/// Camera RAWs through a whole build: a RAW beside its JPEG is that photo's companion (never a
/// tile, never a warning), offered for download only where `album.json` says `"raw": "link"`;
/// a lone RAW is a photo at the display size LibRaw's answers give (its preview, or developed).
@Suite struct RawBuildTests {
    /// The DNG fixtures (`Tests/ThumbnailsTests/Fixtures/raw`).
    static let fixtures = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/raw")
    static func dng(_ name: String) throws -> Data { try Data(contentsOf: fixtures.appendingPathComponent(name)) }
    static func jpeg() throws -> Data { try Data(contentsOf: Repo.sampleLibrary.appendingPathComponent("dogs.jpg")) }

    static func build(_ album: URL, _ output: URL, originals: OriginalsPolicy = .none) throws -> BuildReport {
        try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates, originals: originals))
    }

    static func page(_ output: TemporaryFolder, _ name: String) throws -> String {
        String(decoding: try Data(contentsOf: output.file(name)), as: UTF8.self)
    }

    @Test func aRawBesideItsJPEGIsOnePhotoAndALoneRawIsAPhotoAtItsDisplaySize() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("IMG_1.JPG", try Self.jpeg())
        try album.write("IMG_1.cr2", try Self.dng("dng-developed-orient6.dng"))  // the extension's case differs
        try album.write("lone.dng", try Self.dng("dng-developed-orient6.dng"))
        try album.write("preview.DNG", try Self.dng("dng-preview-orient8.dng"))
        let report = try Self.build(album.url, out.url)
        #expect(report.warnings.isEmpty && report.notices.isEmpty, "\(report.warnings) \(report.notices)")
        #expect(report.photos.map(\.fileName).sorted() == ["IMG_1.JPG", "lone.dng", "preview.DNG"])
        let expected: [String: (Int, Int)] = ["lone.dng": (192, 256), "preview.DNG": (1536, 2048)]
        for photo in report.photos where photo.header.format.isCameraRaw {
            let size = try #require(expected[photo.fileName])
            #expect(photo.displayWidth == size.0 && photo.displayHeight == size.1, "\(photo.fileName)")
            let largest = try #require(photo.renditions.max { $0.width < $1.width })
            #expect(largest.width == size.0 && largest.height == size.1, "\(photo.fileName)")
            let decoded = try ImageDecoder.decode([UInt8](try Data(contentsOf: out.file(largest.path))))
            #expect(decoded.pixels.width == size.0 && decoded.pixels.height == size.1, "\(photo.fileName): upright")
        }
        // Without "raw": "link" no RAW reaches the output, even with originals as they are.
        let asIs = TemporaryFolder()
        _ = try Self.build(album.url, asIs.url, originals: .asIs)
        #expect(!FileManager.default.fileExists(atPath: asIs.file("photos/IMG_1.cr2").path))
        #expect(!(try Self.page(asIs, "IMG_1.html")).contains("IMG_1.cr2"))
        #expect(FileManager.default.fileExists(atPath: asIs.file("photos/IMG_1.JPG").path))
    }

    @Test func rawLinkPublishesTheRawWithOriginalsAsTheyAreAndIsInherited() throws {
        let album = TemporaryFolder()
        try album.write("album.json", Data(#"{"raw": "link"}"#.utf8))
        try album.write("IMG_1.jpg", try Self.jpeg())
        try album.write("IMG_1.NEF", try Self.dng("dng-developed-orient6.dng"))
        try album.write("trip/IMG_2.jpeg", try Self.jpeg())
        try album.write("trip/IMG_2.dng", try Self.dng("dng-preview-orient8.dng"))
        try album.write("trip/off/album.json", Data(#"{"raw": "none"}"#.utf8))
        try album.write("trip/off/IMG_3.jpg", try Self.jpeg())
        try album.write("trip/off/IMG_3.arw", try Self.dng("dng-developed-orient6.dng"))

        // Without --originals: nothing is offered.
        let none = TemporaryFolder()
        let plain = try Self.build(album.url, none.url)
        #expect(plain.warnings.isEmpty && plain.notices.isEmpty)
        #expect(plain.publishedPhotos == 3)
        #expect(!(try snapshot(none.url)).keys.contains { $0.lowercased().hasSuffix(".nef") || $0.hasSuffix(".dng") })

        // --originals --keep-metadata: published byte for byte, linked from the photo's page.
        let out = TemporaryFolder()
        let report = try Self.build(album.url, out.url, originals: .asIs)
        #expect(report.warnings.isEmpty && report.notices.isEmpty, "\(report.warnings) \(report.notices)")
        #expect(try Data(contentsOf: out.file("photos/IMG_1.NEF")) == Data(contentsOf: album.file("IMG_1.NEF")))
        #expect(try Self.page(out, "IMG_1.html").contains(#"href="photos/IMG_1.NEF" download="""#))
        #expect(try Data(contentsOf: out.file("trip/photos/IMG_2.dng")) == Data(contentsOf: album.file("trip/IMG_2.dng")))
        #expect(try Self.page(out, "trip/IMG_2.html").contains(#"href="photos/IMG_2.dng""#))
        // "none" below stops the inherited link.
        #expect(!FileManager.default.fileExists(atPath: out.file("trip/off/photos/IMG_3.arw").path))
        #expect(!(try Self.page(out, "trip/off/IMG_3.html")).contains(".arw"))

        // --originals (metadata removed): a RAW cannot be stripped, so it is withheld with a note.
        let stripped = TemporaryFolder()
        let withheld = try Self.build(album.url, stripped.url, originals: .stripped)
        #expect(withheld.warnings.filter { !$0.isNotice }.isEmpty)
        #expect(Set(withheld.notices.map { ($0.path as NSString).lastPathComponent }) == ["IMG_1.NEF", "IMG_2.dng"],
                "\(withheld.notices)")
        #expect(!FileManager.default.fileExists(atPath: stripped.file("photos/IMG_1.NEF").path))
        #expect(!(try Self.page(stripped, "IMG_1.html")).contains("IMG_1.NEF"))
        #expect(try Self.page(stripped, "IMG_1.html").contains(#"href="photos/IMG_1.jpg""#))
    }

    @Test func aBadRawValueIsAnErrorNamingTheKey() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("album.json", Data(#"{"raw": "yes"}"#.utf8))
        try album.write("IMG_1.jpg", try Self.jpeg())
        #expect(throws: BuildError.self) { _ = try Self.build(album.url, out.url) }
        do {
            _ = try Self.build(album.url, out.url)
        } catch {
            #expect(String(describing: error).contains("\"raw\""), "\(error)")
        }
    }

    /// The RAW companion is an input of incremental builds: adding, rewriting and removing it
    /// beside a JPEG (in an album that links RAWs, with originals) leaves what a cold build leaves.
    @Test(arguments: [false, true])
    func rebuildsAroundARawEqualColdBuilds(_ links: Bool) throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        for (index, name) in ["a/IMG_1.jpg", "a/IMG_2.jpg", "b/p.jpg", "root.jpg"].enumerated() {
            let target = album.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            var bytes = try Self.jpeg()
            bytes.append(UInt8(index))  // distinct files, distinct content hashes
            try bytes.write(to: target)
        }
        if links { try Data(#"{"raw": "link"}"#.utf8).write(to: album.appendingPathComponent("a/album.json")) }
        let site = folder.file("site")
        let policy: OriginalsPolicy = links ? .asIs : .none
        _ = try Self.build(album, site, originals: policy)
        let raw = album.appendingPathComponent("a/IMG_1.CR2")
        let steps: [(String, () throws -> Void)] = [
            ("a RAW added beside a JPEG", { try Self.dng("dng-developed-orient6.dng").write(to: raw) }),
            ("the RAW rewritten", { try Self.dng("dng-preview-orient8.dng").write(to: raw) }),
            ("the RAW removed", { try FileManager.default.removeItem(at: raw) }),
        ]
        for (number, (name, apply)) in steps.enumerated() {
            try apply()
            let report = try Self.build(album, site, originals: policy)
            let cold = folder.file("cold-\(number)")
            let coldReport = try Self.build(album, cold, originals: policy)
            #expect(try snapshot(site) == snapshot(cold), "after \(name)")
            #expect(report.warnings.isEmpty && report.publishedPhotos == 4 && coldReport.publishedPhotos == 4, "after \(name)")
            let published = FileManager.default.fileExists(atPath: site.appendingPathComponent("a/photos/IMG_1.CR2").path)
            #expect(published == (links && number < 2), "after \(name)")
            if published {
                #expect(try Data(contentsOf: site.appendingPathComponent("a/photos/IMG_1.CR2")) == Data(contentsOf: raw))
            }
            // Nothing changed since: the next build stops early and keeps it all.
            #expect(try Self.build(album, site, originals: policy).stages.map(\.name) == ["unchanged"], "after \(name)")
        }
    }
}

extension RawBuildTests {
    /// A preview is published when it fills the large rendition's box, the ladder's own figure.
    @Test func thePreviewThresholdIsTheLargeRendition() {
        #expect(RawLayout.minimumPreviewSide == WidthLadder.standard.large)
    }
}
