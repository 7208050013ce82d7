import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// An album of a WebP, a GIF and a TIFF (the decode fixtures of `ThumbnailsTests`) builds like
/// one of JPEGs: no file skipped, every photo with renditions at its display size, upright
/// (the TIFF is stored 16×12 with Orientation 6, so it is shown 12×16).
@Test func webpGifAndTiffAreBuiltWithRenditionsAtTheirDisplaySize() throws {
    let fixtures = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/formats")
    let album = TemporaryFolder(), out = TemporaryFolder()
    let files = ["lossless.webp": "webp-lossless.webp", "transparent.gif": "gif-transparent.gif",
                 "turned.tif": "tiff-orient6.tif"]
    for (name, fixture) in files {
        try album.write(name, Data(contentsOf: fixtures.appendingPathComponent(fixture)))
    }
    var warnings: [BuildWarning] = []
    let report = try build(album.url, out.url, warnings: &warnings)
    #expect(warnings.isEmpty, "\(warnings)")
    #expect(report.photos.map(\.fileName).sorted() == ["lossless.webp", "transparent.gif", "turned.tif"])
    let sizes = Dictionary(uniqueKeysWithValues: report.photos.map { ($0.fileName, [$0.displayWidth, $0.displayHeight]) })
    #expect(sizes == ["lossless.webp": [16, 12], "transparent.gif": [16, 12], "turned.tif": [12, 16]])
    for photo in report.photos {
        let largest = try #require(photo.renditions.last, "\(photo.fileName) has no renditions")
        #expect(largest.width == photo.displayWidth && largest.height == photo.displayHeight, "\(photo.fileName)")
        for rendition in photo.renditions {
            let bytes = [UInt8](try Data(contentsOf: out.file(rendition.path)))
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.pixels.width == rendition.width && decoded.pixels.height == rendition.height, "\(rendition.path)")
            // Real transparency is kept (PNG); the rest are JPEG.
            #expect(rendition.path.hasSuffix(photo.fileName == "transparent.gif" ? ".png" : ".jpg"), "\(rendition.path)")
        }
    }
}
