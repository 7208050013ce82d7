import Foundation
import Testing
@testable import Thumbnails
import SeededRandom

/// The loops that moved from Swift to C (`cth_pixels.c`) give exactly what the Swift loops gave.
@Suite struct PixelLoopTests {
    @Test(arguments: [(100, 37), (37, 100), (1000, 7), (5, 5), (3, 1), (1, 1), (1, 9), (6000, 2048),
                      (4000, 320), (2, 2000), (641, 640), (7, 3)])
    func filterBankMatchesTheSwiftReference(input: Int, output: Int) {
        for extent in [Double(input), Double(input) - 0.25, Double(input) - 0.5] where extent > 0 {
            let bank = FilterBank(inputCount: input, inputExtent: extent, outputCount: output)
            let reference = ReferenceFilterBank(inputCount: input, inputExtent: extent, outputCount: output)
            #expect(bank.taps == reference.taps)
            #expect(bank.starts.map(Int.init) == reference.starts)
            #expect(bank.weights.map(\.bitPattern) == reference.weights.map(\.bitPattern), "\(input)→\(output) extent \(extent)")
        }
    }

    @Test func sRGBTablesMatchTheSwiftFormulas() {
        let toLinear: [Float] = (0..<256).map { code in
            let v = Double(code) / 255
            return Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4))
        }
        let fromLinear: [UInt8] = (0..<SRGB.steps).map { index in
            let v = Double(index) / Double(SRGB.steps - 1)
            let encoded = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (encoded * 255).rounded())))
        }
        #expect(SRGB.toLinear.map(\.bitPattern) == toLinear.map(\.bitPattern))
        #expect(SRGB.fromLinear == fromLinear)
    }

    /// The Swift orientation loop `cth_orient` replaced.
    static func referenceOrientation(_ p: PixelBuffer, _ orientation: Int) -> PixelBuffer {
        let swaps = (5...8).contains(orientation)
        let c = p.channels, w = p.width, h = p.height, row = w * c
        let (origin, stepX, stepY): (Int, Int, Int)
        switch orientation {
        case 2: (origin, stepX, stepY) = ((w - 1) * c, -c, row)
        case 3: (origin, stepX, stepY) = ((h - 1) * row + (w - 1) * c, -c, -row)
        case 4: (origin, stepX, stepY) = ((h - 1) * row, c, -row)
        case 5: (origin, stepX, stepY) = (0, row, c)
        case 6: (origin, stepX, stepY) = ((h - 1) * row, -row, c)
        case 7: (origin, stepX, stepY) = ((h - 1) * row + (w - 1) * c, -row, -c)
        default: (origin, stepX, stepY) = ((w - 1) * c, row, -c)
        }
        var output: [UInt8] = []
        for y in 0..<(swaps ? w : h) {
            var s = origin + y * stepY
            for _ in 0..<(swaps ? h : w) {
                output += p.samples[s..<(s + c)]
                s += stepX
            }
        }
        return PixelBuffer(unchecked: swaps ? h : w, swaps ? w : h, c, output)
    }

    static func randomBuffer(_ width: Int, _ height: Int, _ channels: Int, seed: UInt64) -> PixelBuffer {
        var generator = SplitMix64(seed: seed)
        let samples = (0..<(width * height * channels)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        return PixelBuffer(unchecked: width, height, channels, samples)
    }

    /// Sizes from one pixel to a hundred, square and not, odd and even: the
    /// quarter turns go in 32-pixel tiles, so (97, 130) has whole and part tiles both ways.
    @Test(arguments: [1, 3, 4], [(1, 1), (7, 3), (3, 7), (16, 9), (16, 32), (37, 21), (40, 67), (32, 64), (97, 130)])
    func orientationMatchesTheSwiftReference(channels: Int, size: (Int, Int)) {
        let source = Self.randomBuffer(size.0, size.1, channels, seed: UInt64(channels * 100 + size.0))
        for orientation in 0...9 {
            let expected = (2...8).contains(orientation) ? Self.referenceOrientation(source, orientation) : source
            #expect(source.applyingOrientation(orientation) == expected, "orientation \(orientation)")
        }
    }

    @Test func alphaLoops() throws {
        var rgba = Self.randomBuffer(5, 4, 4, seed: 9)
        var rgb: [UInt8] = []
        for pixel in 0..<20 { rgb += rgba.samples[(4 * pixel)..<(4 * pixel + 3)] }
        #expect(rgba.droppingAlpha().samples == rgb)
        // In place: the same samples, and the shared original is left intact.
        let kept = rgba
        #expect(rgba.droppingAlphaInPlace().samples == rgb)
        #expect(kept == rgba && rgba.channels == 4)
        for pixel in 0..<20 { rgba.samples[4 * pixel + 3] = 255 }
        #expect(!rgba.hasTransparency)
        rgba.samples[4 * 19 + 3] = 254
        #expect(rgba.hasTransparency)
        #expect(!Self.randomBuffer(5, 4, 3, seed: 1).hasTransparency)
    }
}
