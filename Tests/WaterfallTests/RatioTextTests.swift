import SeededRandom
import Testing
@testable import Waterfall

/// The decimal text as it was made before it was written from the right into
/// a stack buffer: with string interpolation and padding.
private func interpolated(negative: Bool, whole: UInt64, millionths: UInt64) -> String {
    let sign = negative ? "-" : ""
    var fraction = millionths
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = 6
    while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
    }
    let text = String(fraction)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - text.count) + text
}

@Test("A ratio's text, appended in place, is the interpolated text", arguments: [
    Int64(0), 1, -1, 5, 10, 999_999, 1_000_000, 1_000_001, -1_500_000, 120_000, 100_000_000_000, .max, .min + 1,
])
func ratioTextMatchesInterpolation(_ millionths: Int64) {
    let magnitude = millionths.magnitude
    let expected = interpolated(negative: millionths < 0, whole: magnitude / 1_000_000, millionths: magnitude % 1_000_000)
    #expect(Ratio(millionths: millionths).description == expected)
    var text = "--s3:"
    Ratio(millionths: millionths).append(to: &text)
    #expect(text == "--s3:" + expected)
}

@Test func randomRatiosAndFixedPointTextMatchInterpolation() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<20_000 {
        let millionths = Int64.random(in: -5_000_000_000...5_000_000_000, using: &random)
        let magnitude = millionths.magnitude
        #expect(Ratio(millionths: millionths).description
                == interpolated(negative: millionths < 0, whole: magnitude / 1_000_000, millionths: magnitude % 1_000_000))
        let units = Int64.random(in: -100_000...100_000, using: &random)
        #expect(FixedPoint.decimal(units) == interpolated(negative: units < 0, whole: units.magnitude / 64,
                                                          millionths: (units.magnitude % 64) * 15_625))
    }
}
