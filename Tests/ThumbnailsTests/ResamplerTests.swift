import Testing
@testable import Thumbnails

@Suite struct ResamplerTests {
    static func buffer(_ width: Int, _ height: Int, _ channels: Int, _ value: (Int, Int, Int) -> UInt8) -> PixelBuffer {
        var samples: [UInt8] = []
        for y in 0..<height { for x in 0..<width { for c in 0..<channels { samples.append(value(x, y, c)) } } }
        return PixelBuffer(unchecked: width, height, channels, samples)
    }

    @Test(arguments: [(1, 0), (3, 1), (4, 2)])
    func flatStaysFlat(channels: Int, box: Int) {
        // Sizes chosen so the box stage runs (box > 0) or not.
        let source = Self.buffer(97 * (box + 1), 61 * (box + 1), channels) { _, _, c in c == 3 ? 255 : UInt8(60 + 40 * c) }
        let result = Resampler.resize(source, width: 23, height: 17)
        #expect(result.width == 23 && result.height == 17 && result.channels == channels)
        for (i, sample) in result.samples.enumerated() {
            let c = i % channels
            #expect(sample == (c == 3 ? 255 : UInt8(60 + 40 * c)))
        }
    }

    /// A one-pixel black/white checkerboard shrunk to half is 50 % light: sRGB 188, not 128.
    @Test func averagesInLinearLight() {
        let source = Self.buffer(64, 64, 1) { x, y, _ in (x + y) % 2 == 0 ? 0 : 255 }
        let result = Resampler.resize(source, width: 16, height: 16, space: .linearLight)
        let inner = (4..<12).flatMap { y in (4..<12).map { x in Int(result.samples[y * 16 + x]) } }
        #expect(inner.allSatisfy { abs($0 - 188) <= 2 }, "\(inner)")
    }

    /// The same checkerboard averaged on sRGB codes (as most thumbnailers do) comes out at 128.
    @Test func gammaEncodedSpaceAveragesCodes() {
        let source = Self.buffer(64, 64, 1) { x, y, _ in (x + y) % 2 == 0 ? 0 : 255 }
        let result = Resampler.resize(source, width: 16, height: 16, space: .gammaEncoded)
        let inner = (4..<12).flatMap { y in (4..<12).map { x in Int(result.samples[y * 16 + x]) } }
        #expect(inner.allSatisfy { abs($0 - 128) <= 2 }, "\(inner)")
    }

    /// Transparent pixels' colour must not bleed: red opaque next to transparent green stays red.
    @Test func premultipliedAlpha() {
        let source = Self.buffer(40, 40, 4) { x, _, c in
            x < 20 ? [255, 0, 0, 255][c] : [0, 255, 0, 0][c]
        }
        let result = Resampler.resize(source, width: 10, height: 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let p = (y * 10 + x) * 4
                if result.samples[p + 3] > 8 {
                    #expect(result.samples[p] > 240 && result.samples[p + 1] < 16, "pixel \(x),\(y)")
                }
            }
        }
        #expect(result.samples[3] == 255)           // left edge opaque
        #expect(result.samples[9 * 4 + 3] == 0)     // right edge transparent
    }

    @Test(arguments: [(100, 37), (37, 100), (1000, 7), (5, 5), (3, 1), (1, 1)])
    func filterWeightsSumToOneAndStayInside(input: Int, output: Int) {
        let bank = FilterBank(inputCount: input, inputExtent: Double(input), outputCount: output)
        for i in 0..<output {
            let weights = bank.weights[(i * bank.taps)..<((i + 1) * bank.taps)]
            #expect(abs(weights.reduce(0, +) - 1) < 1e-4)
            #expect(bank.starts[i] >= 0 && Int(bank.starts[i]) + bank.taps <= input)
        }
    }

    /// Sizes at the edges of what the C loops handle: 1×1 sources, sides shorter than the filter,
    /// a huge box factor. Every path gives the right size, a flat image stays flat (so nothing
    /// outside the image was read), and no path crashes.
    @Test(arguments: [(1, 1, 7, 5), (1, 1, 1, 2), (2000, 1500, 1, 1), (3, 200, 2, 50), (5000, 1, 3, 1),
                      (2, 2, 1, 1), (1, 300, 1, 9), (7, 3, 40, 1), (40000, 1, 1, 1)], [1, 3, 4])
    func extremeSizesStayFlat(size: (Int, Int, Int, Int), channels: Int) {
        let (width, height, toWidth, toHeight) = size
        let source = Self.buffer(width, height, channels) { _, _, c in c == 3 ? 255 : UInt8(77 + 50 * c) }
        for loops in Resampler.Loops.allCases {
            for space in ResamplingSpace.allCases {
                let result = Resampler.resize(source, width: toWidth, height: toHeight, space: space, loops: loops)
                #expect(result.width == toWidth && result.height == toHeight && result.channels == channels)
                let wrong = result.samples.enumerated().filter { i, sample in
                    let c = i % channels
                    return sample != (c == 3 ? 255 : UInt8(77 + 50 * c))
                }
                #expect(wrong.isEmpty, "\(size) \(channels) \(loops) \(space): \(wrong.prefix(4))")
            }
        }
    }

    /// A cached bank is the bank made afresh, and sizes that differ only in the extent (a partial
    /// last box block) get their own.
    @Test(arguments: [(4000, 4000.0, 2048), (2048, 2048.0, 1280), (1501, 1500.5, 320), (1501, 1501.0, 320)])
    func cachedFilterBankIsTheFreshOne(input: Int, extent: Double, output: Int) {
        for _ in 0..<2 {
            let cached = FilterBank.cached(inputCount: input, inputExtent: extent, outputCount: output)
            let fresh = FilterBank(inputCount: input, inputExtent: extent, outputCount: output)
            #expect(cached.taps == fresh.taps && cached.starts == fresh.starts)
            #expect(cached.weights.map(\.bitPattern) == fresh.weights.map(\.bitPattern))
        }
    }

    @Test func sizesNeverCollapse() {
        let source = Self.buffer(3000, 2, 3) { x, _, _ in UInt8(x % 256) }
        let result = Resampler.resize(source, width: 7, height: 1)
        #expect(result.width == 7 && result.height == 1)
    }

    @Test(arguments: 1...8)
    func orientationMapsCorners(orientation: Int) {
        // Stored 3×2 image with distinct pixels; the display image's top-left must be the stored
        // corner EXIF says: 1 TL, 2 TR, 3 BR, 4 BL, 5 TL, 6 BL, 7 BR, 8 TR.
        let source = Self.buffer(3, 2, 1) { x, y, _ in UInt8(y * 3 + x) }
        let shown = source.applyingOrientation(orientation)
        let expectedTopLeft: [UInt8] = [0, 2, 5, 3, 0, 3, 5, 2]
        #expect(shown.samples[0] == expectedTopLeft[orientation - 1])
        #expect(shown.width == (orientation >= 5 ? 2 : 3))
        #expect(shown.applyingOrientation(1) == shown)
    }

    @Test func heightRounding() {
        #expect(RenditionMaker.height(forWidth: 100, displayWidth: 403, displayHeight: 302) == 75) // 74.94
        #expect(RenditionMaker.height(forWidth: 1, displayWidth: 10_000, displayHeight: 10) == 1)
        #expect(RenditionMaker.height(forWidth: 320, displayWidth: 4000, displayHeight: 3000) == 240)
    }
}
