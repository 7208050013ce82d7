import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Thumbnails

@Suite struct LimitTests {
    /// Peak resident memory of this process so far, in KiB.
    static func peakRSS() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    @Test func oversizedJPEGHeaderIsRejectedQuicklyWithBoundedMemory() throws {
        let bomb = TestSupport.bombJPEG(width: 60000, height: 60000)
        #expect(bomb.count < 300)
        let before = Self.peakRSS()
        do throws(ThumbnailError) {
            _ = try RenditionMaker().make(RenditionRequest(widths: [320, 1280]), from: bomb)
            Issue.record("the bomb decoded")
        } catch {
            #expect(error == .pixelLimit(width: 60000, height: 60000, limit: 100_000_000))
            #expect(error.description == "image is 3600 megapixels (60000x60000), over the 100 megapixel limit")
        }
        // 3.6 gigapixels would need 10 GB of RGB; the rejection must come before any of it.
        #expect(Self.peakRSS() - before < 64 * 1024)
    }

    @Test func pixelLimitIsConfigurableAndExact() throws {
        let jpeg = try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg") // 403×302 = 121,706 pixels
        #expect(throws: ThumbnailError.pixelLimit(width: 403, height: 302, limit: 121_705)) {
            try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxPixels: 121_705))
        }
        #expect(try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxPixels: 121_706)).pixels.width == 403)
        let png = try TestSupport.fixture("pngsuite/basn6a08.png") // 32×32
        #expect(throws: ThumbnailError.pixelLimit(width: 32, height: 32, limit: 1000)) {
            try ImageDecoder.decode(png, limits: DecodeLimits(maxPixels: 1000))
        }
    }

    @Test func oversizedPNGHeaderIsRejected() throws {
        // Rewrite basn6a08's IHDR to claim 20000×20000 (and fix the CRC so libpng reads on).
        var png = try TestSupport.fixture("pngsuite/basn6a08.png")
        let size: [UInt8] = [0x00, 0x00, 0x4E, 0x20]
        png.replaceSubrange(16..<20, with: size)
        png.replaceSubrange(20..<24, with: size)
        let crc = CRC32.checksum(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ThumbnailError.pixelLimit(width: 20000, height: 20000, limit: 100_000_000)) {
            try ImageDecoder.decode(png)
        }
    }

    @Test func progressiveScanLimit() throws {
        // Renditions are progressive JPEGs with 10 scans (libjpeg's simple progression).
        let rendition = try RenditionMaker().make(RenditionRequest(widths: [200]),
                                                  from: try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg"))[0]
        #expect(throws: ThumbnailError.scanLimit(limit: 5)) {
            try ImageDecoder.decode(rendition.data, limits: DecodeLimits(maxProgressiveScans: 5))
        }
        #expect(try ImageDecoder.decode(rendition.data, limits: DecodeLimits(maxProgressiveScans: 10)).pixels.width == 200)
    }

    @Test func memoryLimit() throws {
        // A progressive JPEG keeps all its coefficients: 403×302 needs more than 64 KiB.
        let progressive = try ImageEncoder.jpeg(try ImageDecoder.decode(try TestSupport.fixture("libavif/paris_exif_xmp_icc.jpg")).pixels,
                                                quality: 90)
        #expect(throws: ThumbnailError.memoryLimit(limit: 65536)) {
            try ImageDecoder.decode(progressive, limits: DecodeLimits(maxMemoryBytes: 65536))
        }
        #expect(ThumbnailError.memoryLimit(limit: 512 * 1_048_576).description == "decoding needs more than the 512 MiB memory limit")
    }

    @Test(arguments: [(120_000_000, "120"), (350_000, "0.4"), (3_600_000_000, "3600"), (1_500_000, "1.5")])
    func megapixelWording(pixels: Int, text: String) {
        #expect(ThumbnailError.megapixels(pixels) == text)
    }
}
