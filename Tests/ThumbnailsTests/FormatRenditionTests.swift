import ImageHeaders
import Testing
@testable import Thumbnails

/// Renditions of the WebP, GIF and TIFF fixtures: upright at the display size the header
/// scan reports (the orientation applied once: TIFF's tag, WebP's EXIF chunk), PNG when the
/// source has real transparency and JPEG otherwise, as for PNG sources.
@Suite struct FormatRenditionTests {
    /// The rendition of `file` at its full display width, made with the scanner's orientation, decoded.
    static func rendition(_ file: String) throws -> (header: ImageHeader, rendition: Rendition, pixels: PixelBuffer) {
        let bytes = try TestSupport.fixture("formats/" + file)
        let header = try ImageHeader.read(from: bytes)
        let request = RenditionRequest(widths: [header.displaySize.width], orientation: Int(header.orientation.rawValue))
        let renditions = try RenditionMaker().make(request, from: bytes)
        try #require(renditions.count == 1)
        return (header, renditions[0], try ImageDecoder.decode(renditions[0].data).pixels)
    }

    static func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        let start = (y * buffer.width + x) * buffer.channels
        return buffer.samples[start..<(start + buffer.channels)].map { Int($0) }
    }

    static func near(_ found: [Int], _ expected: [Int], _ tolerance: Int) -> Bool {
        found.count == expected.count && zip(found, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// Orientation 6 turns the stored 16×12 quadrants (red, lime / blue, white) a quarter
    /// clockwise: 12×16 with blue, red / white, lime — the scanner's display size.
    @Test(arguments: ["tiff-orient6.tif", "webp-orient6.webp"])
    func orientationSixIsUpright(_ file: String) throws {
        let (header, rendition, pixels) = try Self.rendition(file)
        #expect(header.orientation == .right)
        #expect(header.displaySize == PixelSize(width: 12, height: 16))
        #expect(rendition.width == 12 && rendition.height == 16)
        #expect(pixels.width == 12 && pixels.height == 16)
        let corners = [(2, 3, [0, 0, 255]), (9, 3, [255, 0, 0]), (2, 12, [255, 255, 255]), (9, 12, [0, 255, 0])]
        for (x, y, expected) in corners {
            #expect(Self.near(Self.pixel(pixels, x, y), expected, 40), "(\(x), \(y)): \(Self.pixel(pixels, x, y))")
        }
    }

    /// Transparent sources give PNG renditions with the alpha kept; opaque ones (a GIF is
    /// decoded with alpha, a WebP animation's canvas too) give JPEG.
    @Test(arguments: [("webp-alpha.webp", ImageFormat.png), ("gif-transparent.gif", .png), ("tiff-rgba.tif", .png),
                      ("gif-still.gif", .jpeg), ("webp-animated.webp", .jpeg), ("webp-lossy.webp", .jpeg),
                      ("tiff-grey.tif", .jpeg), ("tiff-cmyk-icc.tif", .jpeg)])
    func renditionFormatFollowsTransparency(_ file: String, _ format: ImageFormat) throws {
        let (header, rendition, pixels) = try Self.rendition(file)
        #expect(rendition.format == format)
        #expect(rendition.width == header.displaySize.width && rendition.height == header.displaySize.height)
        if format == .png {
            #expect(pixels.channels == 4)
            #expect(Self.pixel(pixels, 2, 5) == [255, 0, 0, 255])
            #expect(Self.pixel(pixels, 12, 5)[3] < 255)
        } else {
            #expect(pixels.channels != 4)
        }
    }
}
