import ImageHeaders
import Testing
@testable import Thumbnails

/// A GIF need not carry a global colour table (bit 7 of byte 10 clear), and
/// Pillow and libvips read one without it. `gif-still.gif`'s quadrants
/// (indices 0–3: red, lime / blue, white) without that table: with no table at
/// all (`gif-no-palette.gif`) each index shows as its grey level, as Pillow
/// reads it; with the table on the frame instead (`gif-local-palette.gif`)
/// the frame's own colours are used.
@Suite struct GIFColourTableTests {
    static let quadrants = [(2, 2), (12, 2), (2, 9), (12, 9)]

    static func samples(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * pixels.width + x) * pixels.channels
        return Array(pixels.samples[start..<(start + pixels.channels)])
    }

    @Test func theFixturesHaveNoGlobalColourTable() throws {
        for file in ["gif-no-palette.gif", "gif-local-palette.gif"] {
            let bytes = try TestSupport.fixture("formats/" + file)
            #expect(bytes[10] & 0x80 == 0, "\(file)")
        }
    }

    @Test(arguments: ["gif-no-palette.gif", "gif-local-palette.gif"])
    func scansWithItsScreenSize(_ file: String) throws {
        let header = try ImageHeader.read(from: try TestSupport.fixture("formats/" + file))
        #expect(header.format == .gif)
        #expect(header.displaySize == PixelSize(width: 16, height: 12))
    }

    @Test func withNoColourTableIndicesAreGreyLevels() throws {
        let decoded = try ImageDecoder.decode(try TestSupport.fixture("formats/gif-no-palette.gif"))
        #expect(decoded.fullWidth == 16 && decoded.fullHeight == 12)
        let pixels = decoded.pixels
        try #require(pixels.channels == 4)
        let found = Self.quadrants.map { Self.samples(pixels, $0.0, $0.1) }
        #expect(found == [[0, 0, 0, 255], [1, 1, 1, 255], [2, 2, 2, 255], [3, 3, 3, 255]])
    }

    @Test func aLocalColourTableIsUsed() throws {
        let decoded = try ImageDecoder.decode(try TestSupport.fixture("formats/gif-local-palette.gif"))
        let pixels = decoded.pixels
        try #require(pixels.channels == 4)
        let found = Self.quadrants.map { Self.samples(pixels, $0.0, $0.1) }
        #expect(found == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]])
    }

    /// Through the whole rendition step, as a build makes it.
    @Test func getsARendition() throws {
        let bytes = try TestSupport.fixture("formats/gif-no-palette.gif")
        let renditions = try RenditionMaker().make(RenditionRequest(widths: [16]), from: bytes)
        #expect(renditions.map(\.width) == [16] && renditions.map(\.height) == [12])
    }
}
