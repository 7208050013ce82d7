import SeededRandom
import Testing
@testable import Thumbnails

/// The C resampler against the Swift one it replaced (kept as `ReferenceResampler`), and its
/// AVX2 and SSE2 loops against its portable loops: every path must give the same bytes, so output
/// does not depend on the machine.
@Suite struct ResamplerSIMDTests {
    /// A photo-like image: smooth gradients, a few hard edges and some noise, in every channel.
    static func naturalImage(_ width: Int, _ height: Int, _ channels: Int, seed: UInt64) -> PixelBuffer {
        var random = SplitMix64(seed: seed)
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        let edgeX = Int.random(in: 0..<width, using: &random)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    var value = (x * (3 + c) + y * (5 - c)) % 256
                    if x > edgeX { value = 255 - value }
                    value += Int.random(in: -12...12, using: &random)
                    if c == 3 { value = x % 17 == 0 ? 0 : (y % 5 == 0 ? 128 : 255) }
                    samples[(y * width + x) * channels + c] = UInt8(clamping: value)
                }
            }
        }
        return PixelBuffer(unchecked: width, height, channels, samples)
    }

    static let cases: [(width: Int, height: Int, toWidth: Int, toHeight: Int, channels: Int)] = [
        (400, 300, 320, 240, 3),   // small reduction
        (640, 480, 97, 73, 3),     // box stage (factor 3) then Lanczos
        (333, 500, 100, 150, 1),   // grey
        (256, 256, 61, 61, 4),     // RGBA, premultiplied
        (120, 90, 200, 150, 3),    // enlargement
        (50, 7, 3, 1, 4),          // tiny output
        (9, 9, 8, 8, 1),           // taps close to the input size
        (1200, 900, 310, 232, 3),  // fixed point: 3.9x, the most taps without a box stage
        (701, 467, 480, 320, 3),   // fixed point: 1.46x, as 6000 px photos decoded at 1/2 to 2048
        (1003, 601, 250, 150, 1),  // fixed point, grey, box stage (factor 2, odd sides)
        (1001, 603, 240, 150, 3),  // fixed point, RGB, box stage (factor 2, odd sides)
        (97, 61, 96, 60, 3),       // fixed point: barely smaller, a tap block per pixel
    ]

    @Test(arguments: cases.indices, ResamplingSpace.allCases)
    func matchesTheSwiftReferenceWithinOneCode(index: Int, space: ResamplingSpace) {
        let c = Self.cases[index]
        let source = Self.naturalImage(c.width, c.height, c.channels, seed: UInt64(index + 1))
        let fast = Resampler.resize(source, width: c.toWidth, height: c.toHeight, space: space)
        let reference = ReferenceResampler.resize(source, width: c.toWidth, height: c.toHeight, space: space)
        #expect(fast.width == reference.width && fast.height == reference.height && fast.channels == reference.channels)
        var worst = 0
        var alphaWorst = 0
        for (i, (a, b)) in zip(fast.samples, reference.samples).enumerated() {
            let difference = abs(Int(a) - Int(b))
            // Colour under nearly transparent alpha is amplified by un-premultiplying; only
            // alpha and well-covered colour must agree.
            if c.channels == 4 {
                let alpha = Int(reference.samples[i - i % 4 + 3])
                if i % 4 == 3 { alphaWorst = max(alphaWorst, difference) } else if alpha >= 64 { worst = max(worst, difference) }
            } else {
                worst = max(worst, difference)
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(alphaWorst <= 1, "largest alpha difference \(alphaWorst)")
    }

    @Test(arguments: cases.indices, ResamplingSpace.allCases)
    func simdAndPortableLoopsGiveTheSameBytes(index: Int, space: ResamplingSpace) {
        let c = Self.cases[index]
        let source = Self.naturalImage(c.width, c.height, c.channels, seed: UInt64(100 + index))
        let portable = Resampler.resize(source, width: c.toWidth, height: c.toHeight, space: space, loops: .portable)
        #expect(Resampler.resize(source, width: c.toWidth, height: c.toHeight, space: space, loops: .fastest) == portable)
        #expect(Resampler.resize(source, width: c.toWidth, height: c.toHeight, space: space, loops: .noAVX2) == portable)
    }

    /// Every tap count the fixed-point AVX2 row loop has a version for (1 to 7 blocks of four,
    /// then the general loop), RGB and grey: its bytes, and the SSE loops', are the portable loop's.
    @Test(arguments: [1.0, 1.3, 1.7, 2.2, 2.6, 3.1, 3.5, 3.95, 7.5], [1, 3])
    func fixedPointLoopsAgreeAtEveryTapCount(ratio: Double, channels: Int) {
        let width = 331, height = 97
        let source = Self.naturalImage(width, height, channels, seed: UInt64(ratio * 100) + UInt64(channels))
        // The vertical size keeps the box stage out (it needs both axes shrunk 2x over).
        let toWidth = max(1, Int(Double(width) / ratio)), toHeight = 90
        let portable = Resampler.resize(source, width: toWidth, height: toHeight, loops: .portable)
        for loops in [Resampler.Loops.fastest, .noAVX2] {
            #expect(Resampler.resize(source, width: toWidth, height: toHeight, loops: loops) == portable,
                    "\(ratio)x \(channels) channels, \(loops)")
        }
    }

    /// Chroma planes are resampled over an extent that is not their own size (``YCbCrPlanes``):
    /// half-size and full-size chroma, odd sides, with and without the box stage, on every loop.
    static let chromaCases: [(width: Int, height: Int, toWidth: Int, toHeight: Int, extentX: Double, extentY: Double)] = [
        (1000, 750, 512, 384, 500, 375),                               // half-size chroma, even sides
        (501, 377, 69, 51, 501 * 2 * 69 / 137.0, 377 * 2 * 51 / 101.0), // half-size, odd sides
        (1500, 1000, 512, 342, 1500 * 2 * 512 / 1024.0, 1000 * 2 * 342 / 683.0), // full-size chroma: box stage
    ]

    @Test(arguments: chromaCases.indices)
    func chromaExtentsGiveTheSameBytesOnEveryPath(index: Int) {
        let (width, height, toWidth, toHeight, extentX, extentY) = Self.chromaCases[index]
        let source = Self.naturalImage(width, height, 1, seed: UInt64(width))
        let extent = (x: extentX, y: extentY)
        let portable = Resampler.resize(source, width: toWidth, height: toHeight, extent: extent, loops: .portable)
        #expect(portable.width == toWidth && portable.height == toHeight)
        #expect(Resampler.resize(source, width: toWidth, height: toHeight, extent: extent, loops: .fastest) == portable)
        #expect(Resampler.resize(source, width: toWidth, height: toHeight, extent: extent, loops: .noAVX2) == portable)
    }

    /// Random sizes (both reductions with and without the box stage, enlargements, widths below
    /// the filter length, one-pixel sides) and random pixels: all loops give the same bytes.
    @Test(arguments: 0..<24)
    func randomImagesAndSizesGiveTheSameBytesOnEveryPath(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
        let width = Int.random(in: 1...640, using: &random)
        let height = Int.random(in: 1...360, using: &random)
        let toWidth = Int.random(in: 1...max(1, width * (seed % 4 == 0 ? 2 : 1)), using: &random)
        let toHeight = Int.random(in: 1...max(1, height * (seed % 4 == 0 ? 2 : 1)), using: &random)
        let channels = [1, 3, 4][seed % 3]
        let space = ResamplingSpace.allCases[(seed / 3) % 2]
        let samples = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let source = PixelBuffer(unchecked: width, height, channels, samples)
        let portable = Resampler.resize(source, width: toWidth, height: toHeight, space: space, loops: .portable)
        let label = "\(width)x\(height)x\(channels) -> \(toWidth)x\(toHeight) \(space)"
        #expect(portable.width == toWidth && portable.height == toHeight && portable.channels == channels, "\(label)")
        #expect(Resampler.resize(source, width: toWidth, height: toHeight, space: space, loops: .fastest) == portable,
                "\(label)")
        #expect(Resampler.resize(source, width: toWidth, height: toHeight, space: space, loops: .noAVX2) == portable,
                "\(label)")
    }
}
