import Testing
@testable import Thumbnails

@Suite struct DecoderTests {
    @Test(arguments: [
        ("pngsuite/basn6a08.png", 4),  // RGBA 8-bit
        ("pngsuite/basi3p02.png", 3),  // interlaced 2-bit palette
        ("pngsuite/basn0g16.png", 1),  // 16-bit grey
        ("pngsuite/tbrn2c08.png", 4),  // RGB + tRNS colour key → alpha
    ])
    func pngLayouts(path: String, channels: Int) throws {
        let decoded = try ImageDecoder.decode(try TestSupport.fixture(path))
        #expect(decoded.format == .png)
        #expect(decoded.pixels.width == 32 && decoded.pixels.height == 32)
        #expect(decoded.pixels.channels == channels)
        #expect(decoded.pixels.samples.count == 32 * 32 * channels)
    }

    @Test func sixteenBitGreyIsScaledNotTruncatedAway() throws {
        // basn0g16 is a grey ramp: the 8-bit result must still span dark to light.
        let pixels = try ImageDecoder.decode(try TestSupport.fixture("pngsuite/basn0g16.png")).pixels
        #expect(pixels.samples.min()! < 16)
        #expect(pixels.samples.max()! > 240)
    }

    @Test func jpegFullSizeAndICC() throws {
        let decoded = try ImageDecoder.decode(try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg"))
        #expect(decoded.format == .jpeg)
        #expect(decoded.pixels.width == 403 && decoded.pixels.height == 302)
        #expect(decoded.fullWidth == 403 && decoded.fullHeight == 302)
        let icc = try #require(decoded.iccProfile)
        #expect(icc.count > 128)
        #expect(Array(icc[36..<40]) == Array("acsp".utf8))
    }

    /// DCT scaling picks the smallest n/8 (n = 1, 2, 4, 8) whose output still covers the requested size.
    @Test(arguments: [
        (0, 0, 403, 302),      // no hint: full size
        (50, 38, 51, 38),      // 1/8: ceil(403/8) = 51, ceil(302/8) = 38
        (52, 10, 101, 76),     // 51 < 52 → 2/8
        (102, 70, 202, 151),   // 2/8 = 101 is too small; 3/8 is skipped (no SIMD IDCT): 4/8
        (200, 150, 202, 151),  // 4/8 = 202×151
        (403, 302, 403, 302),  // full
        (5000, 5000, 403, 302) // never above full size
    ])
    func dctScale(targetWidth: Int, targetHeight: Int, width: Int, height: Int) throws {
        let hint = targetWidth == 0 ? nil : (width: targetWidth, height: targetHeight)
        let decoded = try ImageDecoder.decode(try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg"), minimumSize: hint)
        #expect(decoded.pixels.width >= min(targetWidth, 403))
        #expect(decoded.pixels.height >= min(targetHeight, 302))
        #expect(decoded.pixels.width == width, "width for hint \(targetWidth)x\(targetHeight)")
    }

    @Test func unknownBytesAreATypedError() {
        #expect(throws: ThumbnailError.unknownFormat) { try ImageDecoder.decode(Array("hello".utf8)) }
        #expect(throws: ThumbnailError.unknownFormat) { try ImageDecoder.decode([]) }
    }

    @Test func truncatedJPEGFailsByDefaultAndDecodesWhenTolerated() throws {
        let full = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")
        let truncated = Array(full.prefix(full.count * 2 / 3))
        do throws(ThumbnailError) {
            _ = try ImageDecoder.decode(truncated)
            Issue.record("a truncated JPEG decoded without error")
        } catch {
            guard case .corrupt(.jpeg, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(error.description.hasPrefix("corrupt JPEG data: "))
        }
        let tolerated = try ImageDecoder.decode(truncated, limits: DecodeLimits(allowCorruptData: true))
        #expect(tolerated.warnings > 0)
        #expect(tolerated.pixels.width == 403)
    }

    @Test func truncatedPNGIsATypedError() throws {
        let full = try TestSupport.fixture("pngsuite/basn6a08.png")
        for cut in stride(from: 8, to: full.count, by: 97) {
            #expect(throws: ThumbnailError.self) { try ImageDecoder.decode(Array(full.prefix(cut))) }
        }
    }
}
