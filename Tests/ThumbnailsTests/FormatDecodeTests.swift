import Testing
import ImageHeaders
@testable import Thumbnails

/// The WebP, GIF and TIFF fixtures (`Fixtures/formats`, made by `make-formats.sh`) decode to
/// their size, channel count and known colours; 16-bit samples scale to 8, alpha survives
/// un-premultiplied, an animation or a multi-page file gives its first image, CMYK becomes
/// sRGB through its profile. Pixels are in stored orientation (see `FormatRenditionTests`).
@Suite struct FormatDecodeTests {
    /// One expected pixel: where and which samples.
    struct Probe: Sendable {
        let x: Int, y: Int
        let samples: [UInt8]
    }

    struct Case: Sendable, CustomStringConvertible {
        let file: String
        let format: ImageFormat
        let width: Int, height: Int, channels: Int
        let probes: [Probe]
        /// Largest allowed difference per sample (lossy codecs, colour conversion).
        var tolerance: Int = 0
        /// Whether the decode returns an ICC profile.
        var hasProfile: Bool = false
        var description: String { file }
    }

    static let red: [UInt8] = [255, 0, 0], lime: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255],
               white: [UInt8] = [255, 255, 255]

    /// The quadrant image's four colours at the centre of each quadrant, with `extra` appended.
    static func quad(_ extra: [UInt8] = [], colours: [[UInt8]] = [red, lime, blue, white]) -> [Probe] {
        zip([(2, 2), (12, 2), (2, 9), (12, 9)], colours).map { Probe(x: $0.0.0, y: $0.0.1, samples: $0.1 + extra) }
    }

    static let cases: [Case] = [
        Case(file: "webp-lossy.webp", format: .webp, width: 16, height: 12, channels: 3, probes: quad(), tolerance: 24),
        Case(file: "webp-lossless.webp", format: .webp, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "webp-alpha.webp", format: .webp, width: 16, height: 12, channels: 4,
             probes: [Probe(x: 2, y: 5, samples: [255, 0, 0, 255]), Probe(x: 12, y: 5, samples: [0, 0, 255, 128])]),
        Case(file: "webp-animated.webp", format: .webp, width: 16, height: 12, channels: 4, probes: quad([255])),
        Case(file: "webp-orient6.webp", format: .webp, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "webp-icc.webp", format: .webp, width: 16, height: 12, channels: 3, probes: quad(), hasProfile: true),
        Case(file: "gif-still.gif", format: .gif, width: 16, height: 12, channels: 4, probes: quad([255])),
        Case(file: "gif-animated.gif", format: .gif, width: 16, height: 12, channels: 4, probes: quad([255])),
        Case(file: "gif-transparent.gif", format: .gif, width: 16, height: 12, channels: 4,
             probes: [Probe(x: 2, y: 5, samples: [255, 0, 0, 255]), Probe(x: 12, y: 5, samples: [0, 0, 0, 0])]),
        Case(file: "gif-interlaced.gif", format: .gif, width: 16, height: 16, channels: 4,
             probes: (0..<16).map { y in Probe(x: 7, y: y, samples: [UInt8(17 * y), UInt8(17 * y), UInt8(17 * y), 255]) }),
        Case(file: "tiff-rgb8.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "tiff-rgb16.tif", format: .tiff, width: 16, height: 12, channels: 3,
             probes: quad(colours: [red, lime, blue, [128, 64, 191]]), tolerance: 1),
        Case(file: "tiff-grey.tif", format: .tiff, width: 16, height: 12, channels: 1,
             probes: [Probe(x: 2, y: 5, samples: [51]), Probe(x: 12, y: 5, samples: [204])]),
        Case(file: "tiff-palette.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "tiff-rgba.tif", format: .tiff, width: 16, height: 12, channels: 4,
             probes: [Probe(x: 2, y: 5, samples: [255, 0, 0, 255]), Probe(x: 12, y: 5, samples: [0, 0, 255, 128])],
             tolerance: 1),
        Case(file: "tiff-multipage.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "tiff-orient6.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad()),
        Case(file: "tiff-icc.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad(), hasProfile: true),
        // Through the test profile, which swaps red and blue; ImageMagick (lcms2, perceptual)
        // gives blue, lime, red, white for the same file (make-formats.sh prints it).
        Case(file: "tiff-cmyk-icc.tif", format: .tiff, width: 16, height: 12, channels: 3,
             probes: quad(colours: [blue, lime, red, white]), tolerance: 3),
        // No profile: the naive formula.
        Case(file: "tiff-cmyk16.tif", format: .tiff, width: 16, height: 12, channels: 3, probes: quad(), tolerance: 1),
        Case(file: "jpeg-cmyk-icc.jpg", format: .jpeg, width: 16, height: 12, channels: 3,
             probes: quad(colours: [blue, lime, red, white]), tolerance: 16),
    ]

    @Test(arguments: cases)
    func decodes(_ testCase: Case) throws {
        let decoded = try ImageDecoder.decode(try TestSupport.fixture("formats/" + testCase.file))
        #expect(decoded.format == testCase.format)
        #expect(decoded.fullWidth == testCase.width && decoded.fullHeight == testCase.height)
        let pixels = decoded.pixels
        #expect(pixels.width == testCase.width && pixels.height == testCase.height)
        #expect(pixels.channels == testCase.channels)
        #expect(pixels.samples.count == pixels.width * pixels.height * pixels.channels)
        #expect((decoded.iccProfile != nil) == testCase.hasProfile)
        if let profile = decoded.iccProfile {
            // The whole sRGB profile the fixture embeds: 588 bytes, the ICC signature at 36.
            #expect(profile.count == 588 && profile[36..<40].elementsEqual(Array("acsp".utf8)))
        }
        guard pixels.channels == testCase.channels else { return }
        for probe in testCase.probes {
            let start = (probe.y * pixels.width + probe.x) * pixels.channels
            let found = Array(pixels.samples[start..<(start + pixels.channels)])
            let close = zip(found, probe.samples).allSatisfy { abs(Int($0) - Int($1)) <= testCase.tolerance }
            #expect(close, "(\(probe.x), \(probe.y)): \(found), expected \(probe.samples) ± \(testCase.tolerance)")
        }
    }

    /// The format comes from the bytes, never a name.
    @Test(arguments: [("RIFF\0\0\0\0WEBP", ImageFormat.webp), ("GIF87a", .gif), ("GIF89a", .gif),
                      ("II*\0", .tiff), ("MM\0*", .tiff), ("II+\0", .tiff), ("RIFF\0\0\0\0WAVE", nil), ("GIF88a", nil)])
    func detectsFromBytes(_ signature: String, _ format: ImageFormat?) {
        #expect(ImageFormat.detect(Array(signature.utf8) + [0, 0, 0, 0]) == format)
    }

    @Test(arguments: [("corrupt-truncated.webp", ImageFormat.webp), ("corrupt-truncated.gif", .gif),
                      ("corrupt-truncated.tif", .tiff)])
    func truncatedFileIsCorrupt(_ file: String, _ format: ImageFormat) throws {
        let bytes = try TestSupport.fixture("formats/" + file)
        #expect(ImageFormat.detect(bytes) == format)
        #expect {
            try ImageDecoder.decode(bytes)
        } throws: { error in
            guard case .corrupt(let found, let reason) = error as? ThumbnailError else { return false }
            return found == format && !reason.isEmpty
        }
    }

    /// A few hundred bytes claiming 60000 × 60000 (a WebP still: 16384 × 16384, its most) fail
    /// on the header, before any pixel memory.
    @Test(arguments: [("bomb-60000.webp", 60000), ("bomb-16384.webp", 16384), ("bomb-60000.gif", 60000),
                      ("bomb-60000.tif", 60000)])
    func bombIsOverThePixelLimit(_ file: String, _ side: Int) throws {
        let bytes = try TestSupport.fixture("formats/" + file)
        #expect(throws: ThumbnailError.pixelLimit(width: side, height: side, limit: DecodeLimits.default.maxPixels)) {
            try ImageDecoder.decode(bytes)
        }
    }

    /// A limit below the fixture's 192 pixels refuses each format alike.
    @Test(arguments: ["webp-lossless.webp", "webp-animated.webp", "gif-still.gif", "tiff-rgb8.tif", "tiff-cmyk-icc.tif"])
    func pixelLimitAppliesToEveryFormat(_ file: String) throws {
        let bytes = try TestSupport.fixture("formats/" + file)
        #expect(throws: ThumbnailError.pixelLimit(width: 16, height: 12, limit: 191)) {
            try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 191))
        }
        #expect(throws: Never.self) { try ImageDecoder.decode(bytes, limits: DecodeLimits(maxPixels: 192)) }
    }

    /// Every prefix of every fixture decodes or throws a typed error: no crash, no hang.
    @Test(arguments: ["webp-lossy.webp", "webp-alpha.webp", "webp-animated.webp", "gif-animated.gif",
                      "gif-interlaced.gif", "tiff-rgb16.tif", "tiff-cmyk-icc.tif", "tiff-multipage.tif"])
    func everyPrefixIsHandled(_ file: String) throws {
        let bytes = try TestSupport.fixture("formats/" + file)
        var failures = 0
        for length in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 97)) {
            do { _ = try ImageDecoder.decode(Array(bytes.prefix(length))) } catch { failures += 1 }
        }
        #expect(failures > 0)
    }
}
