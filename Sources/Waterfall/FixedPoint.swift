/// Lengths in 1/64 CSS pixel, the unit browsers lay out in (`LayoutUnit`).
///
/// Column heights are sums of many tile heights. Summed as `Double`, two columns
/// that should be equally tall can differ by one ulp depending on the order of
/// the additions, which turns the "ties go leftmost" rule into noise. Rounding
/// every input length once to 1/64 px and summing integers makes ties exact and
/// the result identical on every machine.
///
/// Every length the engine accepts is clamped to `0…maxLength` (non-finite or
/// negative values become 0), so sums over any array that fits in memory stay
/// far below `Int64.max` and untrusted input can never trap.
enum FixedPoint {
    static let scale: Double = 64
    /// 2^32 units = 67,108,864 px: longer than any real page, small enough that
    /// 2^31 such lengths still sum without overflow.
    static let maxUnits: Int64 = 1 << 32

    static func from(_ value: Double) -> Int64 {
        Int64((value * scale).rounded(.toNearestOrEven))
    }

    /// `value` px as 1/64 units, rounded to nearest (ties even), clamped to `0…maxUnits`.
    static func length(_ value: Double) -> Int64 {
        guard value.isFinite, value > 0 else { return 0 }
        let scaled = value * scale
        guard scaled < Double(maxUnits) else { return maxUnits }
        return Int64(scaled.rounded(.toNearestOrEven))
    }

    /// `value` px as 1/64 units, rounded down (column widths: never wider than the room).
    static func lengthDown(_ value: Double) -> Int64 {
        guard value.isFinite, value > 0 else { return 0 }
        let scaled = value * scale
        guard scaled < Double(maxUnits) else { return maxUnits }
        return Int64(scaled.rounded(.down))
    }

    static func toDouble(_ value: Int64) -> Double {
        Double(value) / scale
    }

    /// Exact, locale-free decimal text of `units`/64 px (`12`, `0.5`, `-3.015625`).
    /// 1/64 = 0.015625, so six fraction digits always suffice.
    static func decimal(_ units: Int64) -> String {
        let magnitude = units.magnitude
        return Ratio.decimal(negative: units < 0, whole: magnitude / 64, millionths: (magnitude % 64) * 15_625)
    }
}

extension Arrangement {
    /// Exact, locale-free decimal text of a length the engine produced (every
    /// coordinate is a multiple of 1/64 px, so at most six decimals: `12`,
    /// `0.5`, `106.65625`). Other values are first rounded to the nearest 1/64 px.
    public static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -Double(Int64.max / 128)), Double(Int64.max / 128))
        return FixedPoint.decimal(Int64((clamped * FixedPoint.scale).rounded(.toNearestOrEven)))
    }
}
