import Foundation
@testable import Gallery
import Testing
import Thumbnails

/// A watermark is drawn into the renditions at least `minWidth` wide, at
/// each one's own size, and into none of the tiles; a font or image that
/// cannot be had fails the build naming it.
@Suite("Watermarks")
struct WatermarkTests {
    static let text = #"{"watermark": {"text": "© Ana Ruiz", "position": "bottom-right", "opacity": 0.6}}"#

    @Test("The mark is in the 1280 px rendition's corner and not in the 320 px tile")
    func visibleAboveMinWidthOnly() throws {
        let folder = TemporaryFolder()
        let plain = try WatermarkFixture.library(in: folder, name: "plain", config: nil)
        let marked = try WatermarkFixture.library(in: folder, name: "marked", config: Self.text)
        _ = try WatermarkFixture.build(plain, folder.file("plain-site"))
        _ = try WatermarkFixture.build(marked, folder.file("marked-site"))
        let plainLarge = try #require(try WatermarkFixture.rendition(folder.file("plain-site"), photoWidth: 1280, width: 1280))
        let markedLarge = try #require(try WatermarkFixture.rendition(folder.file("marked-site"), photoWidth: 1280, width: 1280))
        #expect(plainLarge.treatment.isEmpty && markedLarge.treatment.count == 32)
        #expect(plainLarge.path != markedLarge.path)
        let before = try WatermarkFixture.pixels(folder.file("plain-site"), plainLarge)
        let after = try WatermarkFixture.pixels(folder.file("marked-site"), markedLarge)
        // The bottom-right corner holds the mark; the top-left is untouched.
        let corner = WatermarkFixture.changed(before, after, from: 0.6, 0.85)
        #expect(corner.count > 300, "\(corner.count) pixels changed in the corner")
        let box = try #require(corner.box)
        #expect(box.maxX > 1280 * 9 / 10 && box.maxY > 854 * 9 / 10)
        #expect(WatermarkFixture.changed(before, after).count == corner.count)

        // The tile: the same file, name and bytes, in both sites.
        let plainTile = try #require(try WatermarkFixture.rendition(folder.file("plain-site"), photoWidth: 1280, width: 320))
        let markedTile = try #require(try WatermarkFixture.rendition(folder.file("marked-site"), photoWidth: 1280, width: 320))
        #expect(plainTile.path == markedTile.path && markedTile.treatment.isEmpty)
        let tileBefore = try WatermarkFixture.pixels(folder.file("plain-site"), plainTile)
        let tileAfter = try WatermarkFixture.pixels(folder.file("marked-site"), markedTile)
        #expect(WatermarkFixture.changed(tileBefore, tileAfter, threshold: 0).count == 0)
    }

    @Test("Drawn at each width's own size: at 2048 px the mark is 1.6 times its size at 1280 px")
    func proportionalAtEveryWidth() throws {
        let folder = TemporaryFolder()
        let plain = try WatermarkFixture.library(in: folder, name: "plain", config: nil)
        let marked = try WatermarkFixture.library(in: folder, name: "marked", config: Self.text)
        _ = try WatermarkFixture.build(plain, folder.file("plain-site"))
        _ = try WatermarkFixture.build(marked, folder.file("marked-site"))
        func box(_ photoWidth: Int) throws -> (width: Int, height: Int) {
            let a = try #require(try WatermarkFixture.rendition(folder.file("plain-site"), photoWidth: photoWidth, width: photoWidth))
            let b = try #require(try WatermarkFixture.rendition(folder.file("marked-site"), photoWidth: photoWidth, width: photoWidth))
            let found = try #require(WatermarkFixture.changed(try WatermarkFixture.pixels(folder.file("plain-site"), a),
                                                              try WatermarkFixture.pixels(folder.file("marked-site"), b),
                                                              threshold: 40).box)
            return (found.maxX - found.minX + 1, found.maxY - found.minY + 1)
        }
        let small = try box(1280), large = try box(2048)
        let ratio = Double(large.width) / Double(small.width)
        #expect(abs(ratio - 1.6) < 0.06, "mark \(small) at 1280, \(large) at 2048")
        #expect(abs(Double(large.height) / Double(small.height) - 1.6) < 0.12, "mark \(small) at 1280, \(large) at 2048")
        // About 3 % of the width tall, as the default size says (the glyphs' ink, a little under the em).
        #expect(small.height > 20 && small.height < 50)
    }

    @Test("Opacity is respected: a faint mark changes the pixels about a third as much as a strong one")
    func opacity() throws {
        let folder = TemporaryFolder()
        let photos = ["mid.jpg": (1280, 854)]
        _ = try WatermarkFixture.build(try WatermarkFixture.library(in: folder, name: "plain", config: nil, photos: photos),
                                       folder.file("plain-site"))
        var peaks: [Double: Int] = [:]
        for opacity in [0.3, 0.9] {
            let config = #"{"watermark": {"text": "© Ana Ruiz", "opacity": \#(opacity)}}"#
            let album = try WatermarkFixture.library(in: folder, name: "o\(opacity)", config: config, photos: photos)
            _ = try WatermarkFixture.build(album, folder.file("site-\(opacity)"))
            let a = try #require(try WatermarkFixture.rendition(folder.file("plain-site"), photoWidth: 1280, width: 1280))
            let b = try #require(try WatermarkFixture.rendition(folder.file("site-\(opacity)"), photoWidth: 1280, width: 1280))
            peaks[opacity] = WatermarkFixture.changed(try WatermarkFixture.pixels(folder.file("plain-site"), a),
                                                      try WatermarkFixture.pixels(folder.file("site-\(opacity)"), b), from: 0.5, 0.8).peak
        }
        let faint = try #require(peaks[0.3]), strong = try #require(peaks[0.9])
        // White over a background near 50: the strongest change is about opacity × 205.
        #expect(faint > 40 && faint < 95, "peak at 0.3: \(faint)")
        #expect(strong > 150, "peak at 0.9: \(strong)")
        #expect(Double(strong) / Double(faint) > 2.2 && Double(strong) / Double(faint) < 3.8)
    }

    @Test("An image mark (a PNG beside album.json, not itself a photo of the album) is laid over the corner in its own colours")
    func imageMark() throws {
        let folder = TemporaryFolder()
        let photos = ["mid.jpg": (1280, 854)]
        let album = try WatermarkFixture.library(in: folder, config: #"{"watermark": {"image": "red.png", "opacity": 1, "position": "top-left"}}"#,
                                                 photos: photos)
        let red = try PixelBuffer(width: 40, height: 20, channels: 4,
                                  samples: (0..<800).flatMap { _ in [UInt8(230), 20, 20, 255] })
        try Data(try ImageEncoder.png(red)).write(to: album.appendingPathComponent("red.png"))
        #expect(try WatermarkFixture.build(album, folder.file("site")).publishedPhotos == 1)
        let large = try #require(try WatermarkFixture.rendition(folder.file("site"), photoWidth: 1280, width: 1280))
        let pixels = try WatermarkFixture.pixels(folder.file("site"), large)
        // 20 % of 1280 = 256 px wide, 128 tall, 26 px from the top-left corner: its middle is red.
        let offset = ((26 + 64) * pixels.width + 26 + 128) * pixels.channels
        #expect(pixels.samples[offset] > 200 && pixels.samples[offset + 1] < 60, "\(pixels.samples[offset...offset + 2])")
        // Outside it, the photo.
        let outside = ((26 + 200) * pixels.width + 26 + 128) * pixels.channels
        #expect(pixels.samples[outside] < 80)
    }

    @Test("A font that is not installed fails the build, naming it")
    func missingFont() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: #"{"watermark": {"text": "x", "font": "No Such Font Qwz"}}"#,
                                                 photos: ["mid.jpg": (1280, 854)])
        let error = #expect(throws: BuildError.self) { try WatermarkFixture.build(album, folder.file("site")) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("No Such Font Qwz") && text.contains("album.json"), "\(text)")
    }

    @Test("A missing image, or one reached through a link out of the album, fails the build, naming it",
          arguments: ["missing", "link"])
    func badImage(kind: String) throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: #"{"watermark": {"image": "mark.png"}}"#,
                                                 photos: ["mid.jpg": (1280, 854)])
        if kind == "link" {
            try Data(try ImageEncoder.png(PixelBuffer(width: 2, height: 2, channels: 3, samples: [UInt8](repeating: 9, count: 12))))
                .write(to: folder.file("outside.png"))
            try FileManager.default.createSymbolicLink(at: album.appendingPathComponent("mark.png"), withDestinationURL: folder.file("outside.png"))
        }
        let error = #expect(throws: BuildError.self) { try WatermarkFixture.build(album, folder.file("site")) }
        #expect(error.map { "\($0)" }?.contains("mark.png") == true, "\(String(describing: error))")
    }

    @Test("An image path out of the album's folder is refused as written", arguments: ["../mark.png", "/etc/mark.png", "a/./b.png", ""])
    func confinedPath(path: String) throws {
        let text = #"{"watermark": {"image": "\#(path)"}}"#
        #expect(throws: BuildError.self) { try AlbumConfig.parse(Data(text.utf8), displayPath: "album.json") }
    }

    @Test("Text in any script is shaped: Arabic and Hebrew draw", arguments: ["حقوق النشر", "זכויות יוצרים", "© Ana Ruiz"])
    func shaping(text: String) throws {
        let file = try AlbumTreatments.fontFile("DejaVu Sans")
        let mask = try Watermark.textMask(text, fontFile: file, pixelSize: 40)
        #expect(mask.width > 40 && mask.height > 10 && mask.coverage.contains { $0 > 200 })
    }
}
