import Testing
@testable import Waterfall
import SeededRandom

// Frozen column plans with spanning tiles: exact coefficients, no overlap at any width.

/// Photos with a panorama every few tiles, spanning 1…k columns.
private func withPanoramas(count: Int, seed: UInt64, k: Int) -> [Item] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        if Int.random(in: 0..<5, using: &rng) == 0 {
            return Item(ratio: Ratio(millionths: Int64.random(in: 100_000...300_000, using: &rng)),
                        span: .columns(Int.random(in: 2...max(2, k), using: &rng)))
        }
        return Item(ratio: Ratio(millionths: Int64.random(in: 400_000...2_000_000, using: &rng)))
    }
}

@Test(arguments: [
    (k: 2, widths: [100.0, 236, 316, 396]),
    (k: 3, widths: [261.3, 330, 397.3]),
    (k: 4, widths: [294, 350, 394]),
    (k: 6, widths: [360, 500, 633.3, 2000]),
])
func spanningPlanNeverOverlapsAndStaysInTheGrid(k: Int, widths: [Double]) throws {
    for seed in UInt64(1)...20 {
        for order in [PlacementOrder.shortest, .balanced(lookahead: 8)] {
            let items = withPanoramas(count: 80, seed: seed, k: k)
            let plan = try ColumnPlan(items: items, columnCount: k, referenceColumnWidth: 300, rowGap: 8, order: order)
            for w in widths {
                let frames = plan.frames(columnWidth: w, columnGap: 8, rowGap: 8)
                let gridWidth = Double(k) * w + Double(k - 1) * 8
                let height = plan.contentHeight(columnWidth: w, rowGap: 8)
                for (i, a) in frames.enumerated() {
                    #expect(a.x >= 0 && a.maxX <= gridWidth + 1e-6 && a.maxY <= height + 1e-6, "seed \(seed) k \(k) w \(w) tile \(i)")
                    for b in frames[(i + 1)...] {
                        // Exact sums of millionths, evaluated in Double: allow a rounding error only.
                        let overlap = min(a.maxX, b.maxX) - max(a.x, b.x) > 1e-6 && min(a.maxY, b.maxY) - max(a.y, b.y) > 1e-6
                        #expect(!overlap, "seed \(seed) k \(k) w \(w): \(a) overlaps \(b)")
                    }
                }
            }
        }
    }
}

@Test func aSpanningTileStartsBelowEveryColumnItCoversAndLevelsThem() throws {
    // Column 0: a square (1·w); column 1: a 2:1 tile (0.5·w) and, below, the panorama over both.
    let items = [Item(ratio: Ratio(millionths: 1_000_000)), Item(ratio: Ratio(millionths: 500_000)),
                 Item(ratio: Ratio(millionths: 250_000), span: .columns(2)), Item(ratio: Ratio(millionths: 500_000))]
    let plan = try ColumnPlan(items: items, columnCount: 2, referenceColumnWidth: 100, rowGap: 10)
    let panorama = plan.tiles[2]
    #expect(panorama.span == 2 && panorama.column == 0)
    #expect(panorama.above == Ratio(millionths: 1_000_000))  // the taller column's w coefficient
    #expect(panorama.gapsAbove == Ratio(millionths: 1_000_000))  // one row gap
    // Its height at w: 0.25 · (2w + gap) = 0.5·w + 0.25·gap; the next tile sits below it in column 0.
    let next = plan.tiles[3]
    #expect(next.column == 0 && next.above == Ratio(millionths: 1_500_000))
    #expect(next.gapsAbove == Ratio(millionths: 2_250_000))
    #expect(plan.columns[1].gaps == Ratio(millionths: 1_250_000))  // 1 gap + 0.25 inside the panorama
    let frames = plan.frames(columnWidth: 100, columnGap: 10, rowGap: 10)
    #expect(frames[2] == Frame(x: 0, y: 110, width: 210, height: 52.5))
    #expect(frames[3].y == 172.5)
}
