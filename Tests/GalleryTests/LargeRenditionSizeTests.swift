import Foundation
@testable import Gallery
import ImageHeaders
import Testing
import Thumbnails

/// The large image (photo page, viewer) fits the 2048 × 2048 px box exactly:
/// a tall portrait is 2048 px tall, not a pixel short from a rounded width.
@Suite struct LargeRenditionSizeTests {
    /// An uncompressed 8-bit grey TIFF of `width` × `height`, a diagonal ramp.
    static func greyTIFF(width: Int, height: Int) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            u16(tag) + u16(type) + u32(1) + (type == 3 ? u16(value) + u16(0) : u32(value))
        }
        let dataOffset = 8 + 2 + 9 * 12 + 4
        var bytes: [UInt8] = Array("II*\0".utf8) + u32(8) + u16(9)
        bytes += entry(256, 4, width) + entry(257, 4, height) + entry(258, 3, 8) + entry(259, 3, 1) + entry(262, 3, 1)
        bytes += entry(273, 4, dataOffset) + entry(277, 3, 1) + entry(278, 4, height) + entry(279, 4, width * height)
        bytes += u32(0)
        bytes.reserveCapacity(dataOffset + width * height)
        for y in 0..<height {
            for x in 0..<width { bytes.append(UInt8((x + y) & 0xFF)) }
        }
        return Data(bytes)
    }

    @Test("The large image's size", arguments: [
        (1728, 2156, 1641, 2048),
        (2156, 1728, 2048, 1641),
        (4000, 6000, 1365, 2048),
        (3000, 3000, 2048, 2048),
        (1000, 1500, 1000, 1500),
    ])
    func largeSize(width: Int, height: Int, largeWidth: Int, largeHeight: Int) {
        let ladder = WidthLadder.standard
        let chosenWidth = ladder.largeWidth(forDisplayWidth: width, displayHeight: height)
        let chosenHeight = ladder.largeHeight(forDisplayWidth: width, displayHeight: height)
            ?? RenditionMaker.height(forWidth: chosenWidth, displayWidth: width, displayHeight: height)
        #expect(chosenWidth == largeWidth && chosenHeight == largeHeight)
    }

    /// A 1728 × 2156 TIFF built: its large rendition is 1641 × 2048, on disk
    /// and in the photo page's `width`/`height`.
    @Test func aTallTIFFGetsALargeImage2048Tall() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("tall.tif", Self.greyTIFF(width: 1728, height: 2156))
        let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: true))
        let large = try #require(report.photos.first?.renditions.last)
        #expect(large.width == 1641 && large.height == 2048)
        let header = try ImageHeader.read(fileAt: out.file(large.path).path)
        #expect(header.displaySize == PixelSize(width: 1641, height: 2048))
        let page = try String(contentsOf: out.file("tall.html"), encoding: .utf8)
        #expect(page.contains("width=\"1641\" height=\"2048\""))
    }

    /// A large image an earlier build made a pixel short (its height then
    /// came from its width) is made again, once: the next build keeps it.
    @Test func aLargeImageAPixelShortIsMadeAgain() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("tall.tif", Self.greyTIFF(width: 1728, height: 2156))
        let options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: true)
        _ = try Site.build(options)
        let index = out.file(".cascade-renditions")
        let text = try String(contentsOf: index, encoding: .utf8)
        #expect(text.contains("\t1641\t2048\t"))
        try Data(text.replacingOccurrences(of: "\t1641\t2048\t", with: "\t1641\t2047\t").utf8).write(to: index)
        try album.write("notes.md", Data("changed".utf8))
        let again = try Site.build(options)
        #expect(again.renditionsMade == 1)
        #expect(try String(contentsOf: index, encoding: .utf8).contains("\t1641\t2048\t"))
        try album.write("notes.md", Data("changed again".utf8))
        #expect(try Site.build(options).renditionsMade == 0)
    }
}
