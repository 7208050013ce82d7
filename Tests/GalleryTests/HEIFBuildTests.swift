import Foundation
import ImageHeaders
import Testing
import Thumbnails
@testable import Gallery

/// HEIF, AVIF and JPEG XL photos go through a whole build (issue 12): none is skipped, and every
/// rendition has the display size the scanner gave the photo (a rotated HEIC and an oriented JPEG
/// XL turned once, not twice).
@Suite struct HEIFBuildTests {
    /// The decoder fixtures (`Tests/ThumbnailsTests/Fixtures/heif-jxl`): 64×48 stored, four flat quadrants.
    static let fixtures = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/heif-jxl")

    @Test func rotatedHEICAndAVIFAndJPEGXLBuildWithRenditionsAtTheirDisplaySize() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        // irot 1 (display 48×64), plain AVIF (64×48), JPEG XL orientation 6 (display 48×64).
        let names = ["irot90.heic", "plain.avif", "orientation6.jxl"]
        for name in names {
            try album.write(name, Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        }
        let report = try buildAlbum(album.url, out.url)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.photos.map(\.fileName).sorted() == names.sorted())
        let expected: [String: (Int, Int)] = ["irot90.heic": (48, 64), "plain.avif": (64, 48), "orientation6.jxl": (48, 64)]
        for photo in report.photos {
            let size = try #require(expected[photo.fileName])
            #expect(photo.displayWidth == size.0 && photo.displayHeight == size.1, "\(photo.fileName)")
            #expect(!photo.renditions.isEmpty, "\(photo.fileName)")
            for rendition in photo.renditions {
                let bytes = [UInt8](try Data(contentsOf: out.file(rendition.path)))
                let decoded = try ImageDecoder.decode(bytes)
                #expect(decoded.pixels.width == rendition.width && decoded.pixels.height == rendition.height)
                // Upright: the display shape, never the stored one.
                let height = RenditionMaker.height(forWidth: rendition.width, displayWidth: size.0, displayHeight: size.1)
                #expect(rendition.height == height, "\(rendition.path): \(rendition.width)x\(rendition.height)")
            }
            // Widths are clamped to the display width, so the largest rendition is the display size itself.
            let largest = try #require(photo.renditions.max { $0.width < $1.width })
            #expect(largest.width == size.0 && largest.height == size.1, "\(photo.fileName)")
        }
    }

    @Test func originalsCascadeCannotStripAreWithheldWithANoteAndNoLink() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("plain.heic", Data(contentsOf: Self.fixtures.appendingPathComponent("plain.heic")))
        try album.write("dogs.jpg", Data(contentsOf: Repo.sampleLibrary.appendingPathComponent("dogs.jpg")))
        let report = try buildAlbum(album.url, out.url, originals: .stripped)
        #expect(report.warnings.filter { !$0.isNotice }.isEmpty, "\(report.warnings)")
        #expect(report.notices.map(\.path).contains { $0.hasSuffix("plain.heic") }, "\(report.notices)")
        #expect(FileManager.default.fileExists(atPath: out.file("photos/dogs.jpg").path))
        #expect(!FileManager.default.fileExists(atPath: out.file("photos/plain.heic").path))
        let page = String(decoding: try Data(contentsOf: out.file("plain.html")), as: UTF8.self)
        #expect(page.contains("<img") && !page.contains("download="))
        let dogs = String(decoding: try Data(contentsOf: out.file("dogs.html")), as: UTF8.self)
        #expect(dogs.contains("download="))
        // Published as they are when asked.
        let asIs = TemporaryFolder()
        _ = try buildAlbum(album.url, asIs.url, originals: .asIs)
        #expect(try Data(contentsOf: asIs.file("photos/plain.heic")) == Data(contentsOf: album.file("plain.heic")))
    }
}
