/// The running coefficients of a `ColumnPlan` while its tiles are placed:
/// per column, where the next tile starts as coefficients of `w` and of the
/// gap (millionths) and a constant (1/64 px).
struct PlanBuilder {
    var ratioSums: [Int64]
    var gapSums: [Int64]
    var extraSums: [Int64]
    var counts: [Int]
    var tiles: [PlacedTile] = []

    init(columnCount k: Int, capacity: Int) {
        ratioSums = [Int64](repeating: 0, count: k)
        gapSums = ratioSums
        extraSums = ratioSums
        counts = [Int](repeating: 0, count: k)
        tiles.reserveCapacity(capacity)
    }

    /// Adds `item` on columns `column..<column+span`: its top takes each
    /// coefficient's largest over those columns (so it clears all of them at
    /// every width), and they all continue below it.
    @inline(__always)
    mutating func add(_ item: Item, column: Int, span s: Int) {
        let ratio = item.clampedRatio
        let extra = FixedPoint.length(item.extraHeight)
        var above = ratioSums[column], gaps = gapSums[column], extraAbove = extraSums[column]
        if s > 1 {
            for c in (column + 1)..<(column + s) {
                above = max(above, ratioSums[c])
                gaps = max(gaps, gapSums[c])
                extraAbove = max(extraAbove, extraSums[c])
            }
        }
        let rows = counts[column]
        tiles.append(PlacedTile(
            column: column, above: Ratio(millionths: above), rowsAbove: rows,
            ratio: Ratio(millionths: ratio), extraAbove: FixedPoint.toDouble(extraAbove),
            extraHeight: FixedPoint.toDouble(extra), span: s,
            spanGaps: Ratio(millionths: gaps - Int64(rows) * Ratio.unit)))
        for c in column..<(column + s) {
            ratioSums[c] = above + ratio * Int64(s)
            gapSums[c] = gaps + ratio * Int64(s - 1) + Ratio.unit
            extraSums[c] = extraAbove + extra
            counts[c] += 1
        }
    }

    /// Each column's whole stack.
    var stacks: [ColumnStack] {
        ratioSums.indices.map {
            ColumnStack(ratios: Ratio(millionths: ratioSums[$0]), count: counts[$0],
                        extra: FixedPoint.toDouble(extraSums[$0]),
                        spanGaps: Ratio(millionths: gapSums[$0] - Int64(counts[$0]) * Ratio.unit))
        }
    }
}
