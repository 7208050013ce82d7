import Testing
@testable import Waterfall

@Test(arguments: [
    (1, 1, "1"), (2, 3, "1.5"), (3, 1, "0.333333"), (3, 2, "0.666667"),
    (1600, 900, "0.5625"), (8000, 1, "0.000125"), (0, 5, "1"),
])
func ratioIsExactDecimal(_ width: Int, _ height: Int, _ text: String) {
    #expect(Ratio(width: width, height: height).description == text)
}

func ratios(_ aspects: [Double]) -> [Ratio] {
    aspects.map { Ratio(millionths: Int64((1 / $0 * 1_000_000).rounded())) }
}

@Test(arguments: [1, 2, 3, 4, 5, 6])
func planMatchesTheAbsoluteLayoutAtItsReferenceWidth(_ k: Int) {
    // With the plan's own (rounded) ratios, the greedy assignment at the reference
    // width is the same one the absolute engine makes there.
    let items = ratios(randomAspects(count: 400, seed: UInt64(k)))
    let w = 300.0, gap = 12.0
    let plan = ColumnPlan(ratios: items, columnCount: k, referenceColumnWidth: w, rowGap: gap)
    let container = Double(k) * w + Double(k - 1) * gap
    let layout = WaterfallLayout(columnCount: k, columnGap: gap, rowGap: gap)
        .layout(aspectRatios: items.map { 1 / $0.value }, containerWidth: container)
    #expect(plan.tiles.map(\.column) == layout.columns)
    for (tile, (planned, absolute)) in zip(plan.tiles, zip(plan.frames(columnWidth: w, columnGap: gap, rowGap: gap), layout.frames)) {
        // The absolute engine rounds each tile to 1/64 px: at most 1/128 px per tile above.
        let bound = Double(tile.rowsAbove) / 128 + 1e-6
        #expect(abs(planned.y - absolute.y) <= bound)
        #expect(planned.x == absolute.x)
    }
}

@Test(arguments: [160.0, 240, 333.3, 512, 1280])
func planNeverOverlapsAtAnyWidth(_ w: Double) {
    let items = ratios(randomAspects(count: 300, seed: 5))
    let plan = ColumnPlan(ratios: items, columnCount: 4, referenceColumnWidth: 300, rowGap: 8)
    let frames = plan.frames(columnWidth: w, columnGap: 8, rowGap: 8)
    let height = plan.contentHeight(columnWidth: w, rowGap: 8)
    for (i, a) in frames.enumerated() {
        #expect(a.maxY <= height + 1e-6)
        for b in frames[(i + 1)...] where a.x == b.x {
            #expect(!a.overlaps(b))
        }
    }
}

@Test func stackCoefficientsAreColumnPrefixSums() {
    let items = [Ratio(width: 2, height: 1), Ratio(width: 1, height: 1), Ratio(width: 1, height: 2), Ratio(width: 4, height: 1)]
    let plan = ColumnPlan(ratios: items, columnCount: 2, referenceColumnWidth: 100, rowGap: 10)
    // Heights at w=100: 50 → col 0; 100 → col 1; col 0 (50) is shorter → 200; col 1 (100+10 < 50+10+200) → 25.
    #expect(plan.tiles == [
        PlacedTile(column: 0, above: .zero, rowsAbove: 0, ratio: Ratio(millionths: 500_000)),
        PlacedTile(column: 1, above: .zero, rowsAbove: 0, ratio: Ratio(millionths: 1_000_000)),
        PlacedTile(column: 0, above: Ratio(millionths: 500_000), rowsAbove: 1, ratio: Ratio(millionths: 2_000_000)),
        PlacedTile(column: 1, above: Ratio(millionths: 1_000_000), rowsAbove: 1, ratio: Ratio(millionths: 250_000)),
    ])
    #expect(plan.columns == [ColumnStack(ratios: Ratio(millionths: 2_500_000), count: 2),
                             ColumnStack(ratios: Ratio(millionths: 1_250_000), count: 2)])
    #expect(plan.contentHeight(columnWidth: 100, rowGap: 10) == 260)
    #expect(plan.drift(columnWidth: 100, rowGap: 10) == 0)
}
