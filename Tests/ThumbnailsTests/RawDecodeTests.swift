import Foundation
import ImageHeaders
import Parallel
import Testing
@testable import Thumbnails

/// Camera RAWs through LibRaw, on the DNGs of `Fixtures/raw` (`make-raw-fixtures.py`): one with
/// only sensor data (developed), one with a 2048x1536 JPEG preview (published from it). Both
/// come out in stored orientation at the size ``RawLayout`` (the header scan's answer) gives.
@Suite struct RawDecodeTests {
    static func fixture(_ name: String) throws -> [UInt8] { try TestSupport.fixture("raw/" + name) }
    static func path(_ name: String) -> String { TestSupport.fixtures.appendingPathComponent("raw/" + name).path }

    /// Mean of each channel over columns `columns` of every row.
    static func means(_ pixels: PixelBuffer, columns: Range<Int>) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for y in 0..<pixels.height {
            for x in columns {
                let base = (y * pixels.width + x) * pixels.channels
                for channel in 0..<3 { sums[channel] += Double(pixels.samples[base + channel]) }
            }
        }
        return sums.map { $0 / Double(pixels.height * columns.count) }
    }

    @Test func aDNGWithoutAPreviewIsDevelopedInItsColours() throws {
        let image = try ImageDecoder.decode(try Self.fixture("dng-developed-orient6.dng"))
        #expect(image.format == .dng && !image.isOriented)
        #expect(image.fullWidth == 256 && image.fullHeight == 192)
        #expect(image.pixels.width == 256 && image.pixels.height == 192 && image.pixels.channels == 3)
        // The scene: red-dominant on the left, blue-dominant on the right; not black, not grey.
        let left = Self.means(image.pixels, columns: 0..<100)
        let right = Self.means(image.pixels, columns: 156..<256)
        #expect(left[0] > left[2] + 40, "left \(left)")
        #expect(right[2] > right[0] + 40, "right \(right)")
        #expect(left.reduce(0, +) > 60 && right.reduce(0, +) > 60)
    }

    @Test func aDNGWithALargePreviewIsPublishedFromIt() throws {
        let image = try ImageDecoder.decode(try Self.fixture("dng-preview-orient8.dng"))
        #expect(image.format == .dng && !image.isOriented)
        #expect(image.fullWidth == 2048 && image.fullHeight == 1536)
        let mean = Self.means(image.pixels, columns: 0..<image.pixels.width)
        // The preview is flat (200, 120, 40); the 64x48 sensor data developed would not be.
        #expect(abs(mean[0] - 200) < 8 && abs(mean[1] - 120) < 8 && abs(mean[2] - 40) < 8, "\(mean)")
    }

    @Test(arguments: [("dng-developed-orient6.dng", RawLayout.Source.developed, 256, 192, Orientation.right),
                      ("dng-preview-orient8.dng", .preview, 2048, 1536, .left)])
    func theScanAndTheDecodeAgree(_ name: String, _ source: RawLayout.Source, _ width: Int, _ height: Int,
                                  _ orientation: Orientation) throws {
        let layout = try RawLayout.read(fileAt: Self.path(name), format: .dng)
        #expect(layout == RawLayout(source: source, storedSize: PixelSize(width: width, height: height), orientation: orientation))
        #expect(layout.displaySize == PixelSize(width: height, height: width))
        let (fromBytes, preview) = try RawLayout.read(try Self.fixture(name), format: .dng)
        #expect(fromBytes == layout && (preview != nil) == (source == .preview))
    }

    @Test func renditionsAreTurnedByTheRawsOwnFlag() throws {
        let request = RenditionRequest(widths: [96, 192], orientation: 6)
        let renditions = try RenditionMaker().make(request, from: try Self.fixture("dng-developed-orient6.dng"))
        #expect(renditions.map(\.width) == [96, 192])
        #expect(renditions.map(\.height) == [128, 256])
        // Stored left (red) is displayed on top after a quarter turn clockwise.
        let largest = try ImageDecoder.decode(try #require(renditions.last).data)
        let rows = largest.pixels
        var topRed = 0.0, bottomRed = 0.0
        for x in 0..<rows.width {
            topRed += Double(rows.samples[(10 * rows.width + x) * rows.channels])
            bottomRed += Double(rows.samples[((rows.height - 10) * rows.width + x) * rows.channels])
        }
        #expect(topRed > bottomRed, "the red half is on top")
    }

    @Test func limitsApplyBeforeDeveloping() throws {
        let bytes = try Self.fixture("dng-developed-orient6.dng")
        #expect(throws: ThumbnailError.pixelLimit(width: 256, height: 192, limit: 10_000)) {
            _ = try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 10_000))
        }
        #expect(throws: ThumbnailError.memoryLimit(limit: 100_000)) {
            _ = try ImageDecoder.decode(bytes, limits: DecodeLimits(maxMemoryBytes: 100_000))
        }
    }

    /// A RAW cut short or holding no sensor data (the header-only fixtures of ImageHeadersTests)
    /// is an image or a typed error naming its format, never a crash, an exit or a print.
    @Test func brokenRawsAreTypedErrors() throws {
        let folder = TestSupport.testsFolder.deletingLastPathComponent().appendingPathComponent("ImageHeadersTests/Fixtures/raw")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".py") && !$0.hasSuffix(".tif") }
        #expect(names.count == 9)
        for name in names {
            let bytes = try TestSupport.bytes(at: folder.appendingPathComponent(name))
            do throws(ThumbnailError) {
                _ = try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 4_000_000))
            } catch {
                #expect(error != .unknownFormat, "\(name)")
            }
        }
        let developed = try Self.fixture("dng-developed-orient6.dng")
        for length in [16, 400, 30000] { _ = try? ImageDecoder.decode(Array(developed.prefix(length))) }
        #expect(throws: ThumbnailError.self) { _ = try RawLayout.read(fileAt: Self.path("missing.dng"), format: .dng) }
    }

    /// libraw_r: every decode has its own state, so decodes on several threads agree.
    @Test func decodesOnSeveralThreadsAgree() throws {
        let bytes = try Self.fixture("dng-developed-orient6.dng")
        let expected = try ImageDecoder.decode(bytes)
        let results = ParallelWork.map(count: 8, jobs: 4) { _ in try? ImageDecoder.decode(bytes) }
        #expect(results.allSatisfy { $0 == expected })
    }
}
