import Foundation
import Testing
@testable import Thumbnails

/// Renditions of 4:2:0 JPEGs made on their Y′CbCr planes (``YCbCrPlanes``) against the RGB path
/// they replace: the same sizes, the same fidelity to an unencoded reference, chroma sited where
/// JFIF puts it, every orientation, and the JPEGs the planes do not serve left to the RGB path.
@Suite struct YCbCrPlanesTests {
    /// A 4:2:0 JPEG (quality 89, the highest that subsamples) of a photo-like image.
    static func jpeg420(_ width: Int, _ height: Int, seed: UInt64) throws -> [UInt8] {
        try ImageEncoder.jpeg(ResamplerSIMDTests.naturalImage(width, height, 3, seed: seed), quality: 89)
    }

    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        precondition(a.width == b.width && a.height == b.height && a.channels == b.channels)
        var total = 0.0
        for (x, y) in zip(a.samples, b.samples) { total += Double((Int(x) - Int(y)) * (Int(x) - Int(y))) }
        let mse = total / Double(a.samples.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    /// What the RGB path makes for `width` before encoding: the whole decode at 8/8, resampled
    /// to the rendition's stored size, turned upright. Both paths are scored against it.
    static func reference(_ source: [UInt8], width: Int, orientation: Int) throws -> PixelBuffer {
        let decoded = try ImageDecoder.decode(source)
        let swaps = PixelBuffer.orientationSwapsAxes(orientation)
        let (displayWidth, displayHeight) = swaps ? (decoded.fullHeight, decoded.fullWidth) : (decoded.fullWidth, decoded.fullHeight)
        let height = RenditionMaker.height(forWidth: width, displayWidth: displayWidth, displayHeight: displayHeight)
        let resized = Resampler.resize(decoded.pixels, width: swaps ? height : width, height: swaps ? width : height)
        return resized.applyingOrientation(orientation)
    }

    /// The RGB path's rendition, as `make` made every rendition before the planes.
    static func rgbRendition(_ source: [UInt8], width: Int, orientation: Int) throws -> PixelBuffer {
        try ImageDecoder.decode(try ImageEncoder.jpeg(try reference(source, width: width, orientation: orientation), quality: 80)).pixels
    }

    static let cases: [(width: Int, height: Int, widths: [Int], orientation: Int)] = [
        (640, 480, [320, 211], 1),     // 8/8 decode, half-size chroma, an odd width from the 320
        (333, 251, [101, 64], 6),      // odd sides, turned a quarter
        (333, 251, [101], 5),          // odd sides, transposed
        (401, 299, [150], 3),          // odd sides, half a turn
        (1200, 900, [137], 8),         // a 2/8 decode: libjpeg-turbo gives chroma the luma's size
        (1601, 1203, [400, 250], 2),   // a 4/8 decode, odd sides, mirrored
        (9, 7, [9, 3], 7),             // tiny, 1 × 1 chroma blocks
    ]

    @Test(arguments: cases.indices)
    func planesScoreAsTheRGBPathDoes(index: Int) throws {
        let c = Self.cases[index]
        let source = try Self.jpeg420(c.width, c.height, seed: UInt64(index + 7))
        #expect(try ImageDecoder.decodePlanes(source, minimumSize: (1, 1), limits: .default) != nil)
        let renditions = try RenditionMaker().make(RenditionRequest(widths: c.widths, orientation: c.orientation), from: source)
        #expect(renditions.count == Set(c.widths).count)
        for rendition in renditions {
            #expect(rendition.format == .jpeg)
            let reference = try Self.reference(source, width: rendition.width, orientation: c.orientation)
            let planar = try ImageDecoder.decode(rendition.data).pixels
            #expect(planar.width == reference.width && planar.height == reference.height)
            let rgb = try Self.rgbRendition(source, width: rendition.width, orientation: c.orientation)
            let (planarScore, rgbScore) = (Self.psnr(planar, reference), Self.psnr(rgb, reference))
            // Chroma from its own samples is at least as faithful as the RGB path's averaged blocks;
            // a chroma plane a pixel off, or mirrored the wrong way, loses several dB.
            #expect(planarScore > rgbScore - 0.3, "\(rendition.width) px: \(planarScore) dB against the RGB path's \(rgbScore)")
        }
    }

    /// Chroma where JFIF wants it, at every orientation and on odd sides: an image whose colour
    /// ramps across and down keeps a ramp, so each resampled, turned chroma sample must equal the
    /// mean of the reference's chroma over the 2 × 2 luma pixels it covers. A chroma plane a luma
    /// pixel off would miss by the ramp's step, 1.5 to 4 codes here; the means allow 0.35.
    @Test(arguments: [(400, 300, 137, 8), (401, 301, 120, 8), (1600, 1200, 137, 2)], 1...8)
    func chromaStaysOnTheLumaGrid(source size: (Int, Int, Int, Int), orientation: Int) throws {
        let (width, height, target, scale) = size
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 3
                samples[at] = UInt8(x * 255 / (width - 1))
                samples[at + 1] = UInt8(64 + y * 127 / (height - 1))
                samples[at + 2] = UInt8(y * 255 / (height - 1))
            }
        }
        let source = try ImageEncoder.jpeg(PixelBuffer(unchecked: width, height, 3, samples), quality: 89)
        let minimum = ((width * scale + 7) / 8, (height * scale + 7) / 8)
        let decoded = try #require(try ImageDecoder.decodePlanes(source, minimumSize: minimum, limits: .default))
        #expect(decoded.planes.chromaFactor == (scale == 8 ? (2, 2) : (1, 1)))
        let swaps = PixelBuffer.orientationSwapsAxes(orientation)
        let reference = try Self.reference(source, width: target, orientation: orientation)
        let (storedWidth, storedHeight) = swaps ? (reference.height, reference.width) : (reference.width, reference.height)
        let shift = YCbCrPlanes.chromaShift(width: storedWidth, height: storedHeight, orientation: orientation)
        let planes = decoded.planes.resized(width: storedWidth, height: storedHeight, shift: shift)
            .applyingOrientation(orientation)
        #expect((planes.width, planes.height) == (reference.width, reference.height))
        let (w, h) = (reference.width, reference.height)
        func chroma(_ x: Int, _ y: Int) -> (Double, Double) {
            let at = (min(y, h - 1) * w + min(x, w - 1)) * 3
            let (r, g, b) = (Double(reference.samples[at]), Double(reference.samples[at + 1]), Double(reference.samples[at + 2]))
            return (-0.168736 * r - 0.331264 * g + 0.5 * b + 128, 0.5 * r - 0.418688 * g - 0.081312 * b + 128)
        }
        let (cw, ch) = (planes.blue.width, planes.blue.height)
        #expect((cw, ch) == ((w + 1) / 2, (h + 1) / 2))
        var columns = [Double](repeating: 0, count: cw), rows = [Double](repeating: 0, count: ch)
        var worst = 0.0
        for j in 3..<(ch - 3) {
            for i in 3..<(cw - 3) {
                let corners = [chroma(2 * i, 2 * j), chroma(2 * i + 1, 2 * j), chroma(2 * i, 2 * j + 1), chroma(2 * i + 1, 2 * j + 1)]
                let expected = (corners.map(\.0).reduce(0, +) / 4, corners.map(\.1).reduce(0, +) / 4)
                let blue = Double(planes.blue.samples[j * cw + i]) - expected.0
                let red = Double(planes.red.samples[j * cw + i]) - expected.1
                worst = max(worst, abs(blue), abs(red))
                columns[i] += (blue + red) / Double(2 * (ch - 6))
                rows[j] += (blue + red) / Double(2 * (cw - 6))
            }
        }
        #expect(worst < 2.5)
        #expect(columns[3..<(cw - 3)].allSatisfy { abs($0) < 0.35 }, "columns \(columns)")
        #expect(rows[3..<(ch - 3)].allSatisfy { abs($0) < 0.35 }, "rows \(rows)")
    }

    /// 4:4:4, grey and CMYK JPEGs are not 4:2:0: the planes decline them and `make` serves them from RGB.
    @Test func otherJPEGsAreLeftToTheRGBPath() throws {
        let image = ResamplerSIMDTests.naturalImage(200, 150, 3, seed: 3)
        let full = try ImageEncoder.jpeg(image, quality: 95)   // 4:4:4 from quality 90
        let grey = try ImageEncoder.jpeg(ResamplerSIMDTests.naturalImage(200, 150, 1, seed: 4), quality: 80)
        for source in [full, grey] {
            #expect(try ImageDecoder.decodePlanes(source, minimumSize: (1, 1), limits: .default) == nil)
            let rendition = try #require(try RenditionMaker().make(RenditionRequest(widths: [100]), from: source).first)
            #expect((rendition.width, rendition.height) == (100, 75))
        }
    }

    /// What the planes cannot serve goes the RGB way with the same bytes as before: quality 90 and
    /// up (4:4:4), a watermark, an alternate format, linear light.
    @Test func requestsThatNeedRGBAreNotServedFromPlanes() {
        #expect(RenditionMaker.servesFromPlanes(RenditionRequest(widths: [100])))
        #expect(!RenditionMaker.servesFromPlanes(RenditionRequest(widths: [100], quality: 90)))
        #expect(!RenditionMaker.servesFromPlanes(RenditionRequest(widths: [100], space: .linearLight)))
        #expect(!RenditionMaker.servesFromPlanes(RenditionRequest(widths: [], alternates: [AlternateEncoding(format: .webp, quality: 80, widths: [100])])))
    }

    /// `--formats` with the planes: a JPEG's bytes are the same whether or not WebP is asked for in
    /// the same request, and the WebP files are those a request for them alone makes. An
    /// incremental build that adds a format asks for its files alone, and must equal a cold build.
    @Test func aJPEGIsTheSameWithOrWithoutAlternates() throws {
        let source = try Self.jpeg420(640, 480, seed: 11)
        let webp = [AlternateEncoding(format: .webp, quality: 80, widths: [320, 211])]
        let both = try RenditionMaker().make(RenditionRequest(widths: [320, 211], orientation: 6, alternates: webp), from: source)
        let jpegs = try RenditionMaker().make(RenditionRequest(widths: [320, 211], orientation: 6), from: source)
        let alone = try RenditionMaker().make(RenditionRequest(widths: [], orientation: 6, alternates: webp), from: source)
        #expect(both.filter { $0.format == .jpeg } == jpegs)
        #expect(both.filter { $0.format == .webp } == alone)
        #expect(both.map(\.width) == [211, 211, 320, 320])
        #expect(both.map(\.format) == [.jpeg, .webp, .jpeg, .webp])
    }

    /// A damaged 4:2:0 JPEG fails on the planes as it failed on RGB.
    @Test func aTruncatedJPEGStillFails() throws {
        let source = try Self.jpeg420(640, 480, seed: 9)
        let truncated = Array(source[..<(source.count / 2)])
        #expect(throws: ThumbnailError.self) { try RenditionMaker().make(RenditionRequest(widths: [200]), from: truncated) }
        #expect(throws: ThumbnailError.self) { try ImageDecoder.decodePlanes(truncated, minimumSize: (1, 1), limits: .default) }
    }

    @Test func theEncoderRefusesPlanesThatDoNotFit() throws {
        let planes = YCbCrPlanes(luma: PixelBuffer(unchecked: 5, 3, 1, [UInt8](repeating: 9, count: 15)),
                                 blue: PixelBuffer(unchecked: 2, 2, 1, [UInt8](repeating: 9, count: 4)),
                                 red: PixelBuffer(unchecked: 3, 2, 1, [UInt8](repeating: 9, count: 6)))
        #expect(throws: ThumbnailError.self) { try ImageEncoder.jpeg(planes, quality: 80) }
        var fitting = planes
        fitting.blue = fitting.red
        #expect(try ImageEncoder.jpeg(fitting, quality: 80).count > 100)
        #expect(throws: ThumbnailError.self) { try ImageEncoder.jpeg(fitting, quality: 90) }
    }
}
