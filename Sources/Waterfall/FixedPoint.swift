/// Lengths in 1/64 CSS pixel, the unit browsers lay out in (`LayoutUnit`).
///
/// Column heights are sums of many tile heights. Summed as `Double`, two columns
/// that should be equally tall can differ by one ulp depending on the order of
/// the additions, which turns the "ties go leftmost" rule into noise. Rounding
/// every tile height once to 1/64 px and summing integers makes ties exact and
/// the result identical on every machine.
enum FixedPoint {
    static let scale: Double = 64

    static func from(_ value: Double) -> Int64 {
        Int64((value * scale).rounded(.toNearestOrEven))
    }

    static func toDouble(_ value: Int64) -> Double {
        Double(value) / scale
    }
}
