import Testing
@testable import Thumbnails

/// PngSuite's gamma files hold one picture, its samples pre-compensated for
/// each file's gAMA: shown gamma-correctly (as browsers show them) they look
/// alike, while their raw samples differ widely. Decoded renditions must look
/// alike too, or a PNG with gAMA 1.0 would publish much darker than it shows.
@Suite struct PNGGammaTests {
    static func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count)
        return Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
    }

    static func decoded(_ name: String) throws -> [UInt8] {
        try ImageDecoder.decode(try TestSupport.fixture("pngsuite/\(name).png")).pixels.samples
    }

    @Test(arguments: ["g10n2c08", "g25n2c08"])
    func gammaFilesDecodeToTheSamePicture(name: String) throws {
        let reference = try Self.decoded("g04n2c08")  // gAMA 0.45: within rounding of sRGB, left as is
        let corrected = try Self.decoded(name)
        // Mean difference over all samples, in 8-bit codes; raw, these files differ by 17 to 37.
        #expect(Self.meanDifference(reference, corrected) < 8)
    }

    @Test func linearFileIsBrightenedNotPassedThrough() throws {
        // g10n0g16 is 16-bit grey with gAMA 1.0: its mid-tones must come out lighter than
        // its raw samples (0.5 linear is about 186 in sRGB, not 128).
        let png = try TestSupport.fixture("pngsuite/g10n0g16.png")
        let pixels = try ImageDecoder.decode(png).pixels
        #expect(pixels.channels == 1)
        let mean = Double(pixels.samples.reduce(0) { $0 + Int($1) }) / Double(pixels.samples.count)
        #expect(mean > 140)
    }
}
