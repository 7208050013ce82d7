import CThumbnails
import Testing
@testable import Thumbnails

/// `ImageDecoder` decodes a JPEG straight into the array it returns
/// (`cth_jpeg_layout`, then `cth_jpeg_decode_to`) instead of copying a C
/// buffer: the pixels must be exactly those of the C decoder's own buffer
/// (`cth_jpeg_decode`), at every DCT scale and for RGB, grey and CMYK files.
@Suite struct JPEGDecodeIntoTests {
    /// The pixels and size `cth_jpeg_decode` gives, in its own buffer.
    static func cDecode(_ bytes: [UInt8], target: (UInt32, UInt32)) throws -> PixelBuffer {
        var limits = cth_limits(max_pixels: 0, max_scans: 0, max_memory: 0, allow_corrupt_data: 0)
        var image = cth_image()
        var error = cth_error()
        defer { cth_image_release(&image) }
        let code = bytes.withUnsafeBufferPointer {
            cth_jpeg_decode($0.baseAddress, $0.count, target.0, target.1, &limits, &image, &error)
        }
        try #require(code == Int32(CTH_OK))
        let count = Int(image.width) * Int(image.height) * Int(image.channels)
        let pixels = try #require(image.pixels)
        return PixelBuffer(unchecked: Int(image.width), Int(image.height), Int(image.channels),
                           [UInt8](UnsafeBufferPointer(start: pixels, count: count)))
    }

    @Test(arguments: ["libavif/paris_exif_xmp_icc.jpg", "orientation/Landscape_6.jpg", "formats/jpeg-cmyk-icc.jpg"],
          [(0, 0), (50, 38), (52, 10), (102, 70), (5000, 5000)])
    func decodeIntoGivesTheCDecodersPixels(path: String, target: (Int, Int)) throws {
        let bytes = try TestSupport.fixture(path)
        let hint = target.0 == 0 ? nil : (width: target.0, height: target.1)
        let decoded = try ImageDecoder.decode(bytes, minimumSize: hint)
        let reference = try Self.cDecode(bytes, target: (UInt32(target.0), UInt32(target.1)))
        #expect(decoded.pixels == reference)
    }

    @Test func aGreyJPEGDecodesToOneChannelAsBefore() throws {
        // Encoded here: one channel in, so a grey JPEG out.
        let grey = PixelBuffer(unchecked: 40, 24, 1, (0..<(40 * 24)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let jpeg = try ImageEncoder.jpeg(grey, quality: 90, iccProfile: nil)
        let decoded = try ImageDecoder.decode(jpeg)
        #expect(decoded.pixels.channels == 1)
        #expect(decoded.pixels == (try Self.cDecode(jpeg, target: (0, 0))))
    }

    @Test func theLayoutIsTheDecodesSizeWithoutPixels() throws {
        let bytes = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        var limits = cth_limits(max_pixels: 0, max_scans: 0, max_memory: 0, allow_corrupt_data: 0)
        var layout = cth_image()
        var error = cth_error()
        defer { cth_image_release(&layout) }
        let code = bytes.withUnsafeBufferPointer {
            cth_jpeg_layout($0.baseAddress, $0.count, 102, 70, &limits, &layout, &error)
        }
        #expect(code == Int32(CTH_OK))
        // 403 × 302 for at least 102 × 70: 4/8 (3/8 would cover it, but is not used).
        #expect(layout.width == 202 && layout.height == 151 && layout.channels == 3)
        #expect(layout.scale_num == 4 && layout.scale_denom == 8)
        #expect(layout.full_width == 403 && layout.full_height == 302)
        #expect(layout.pixels == nil && layout.icc == nil)
    }

    @Test(arguments: [-1, 1])
    func aBufferOfAnyOtherSizeIsRefused(off: Int) throws {
        let bytes = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        var limits = cth_limits(max_pixels: 0, max_scans: 0, max_memory: 0, allow_corrupt_data: 0)
        var image = cth_image()
        var error = cth_error()
        defer { cth_image_release(&image) }
        var buffer = [UInt8](repeating: 0, count: 403 * 302 * 3 + off)
        let code = bytes.withUnsafeBufferPointer { source in
            buffer.withUnsafeMutableBufferPointer {
                cth_jpeg_decode_to(source.baseAddress, source.count, 0, 0, &limits, $0.baseAddress, $0.count,
                                   &image, &error)
            }
        }
        #expect(code == Int32(CTH_ERR_ARGUMENT))
        #expect(image.pixels == nil)
    }
}
