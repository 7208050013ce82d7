import Testing
@testable import Waterfall
import SeededRandom

func captioned(count: Int, seed: UInt64) -> [Item] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        Item(ratio: Ratio(millionths: Int64.random(in: 250_000...4_000_000, using: &rng)),
             extraHeight: Double(Int.random(in: 0...3, using: &rng) * 12))
    }
}

@Test(arguments: [PlacementOrder.shortest, .leftToRight, .rightToLeft, .lanes(tolerance: 16), .balanced(lookahead: 8)])
func planWithCaptionsMatchesTheAbsoluteLayoutAtTheReferenceWidth(_ order: PlacementOrder) throws {
    let items = captioned(count: 300, seed: 11)
    let w = 250.0, gap = 10.0, k = 4
    let plan = try ColumnPlan(items: items, columnCount: k, referenceColumnWidth: w, rowGap: gap, order: order)
    let section = Section(items: items, columns: .fixed(k), columnGap: gap, rowGap: gap, order: order)
    let arrangement = Arrangement(sections: [section], containerWidth: Double(k) * w + Double(k - 1) * gap)
    #expect(plan.tiles.map(\.column) == arrangement.columns)
    for (tile, (planned, absolute)) in zip(plan.tiles, zip(plan.frames(columnWidth: w, columnGap: gap, rowGap: gap), arrangement.frames)) {
        // top = S·w + n·gap + C; the absolute engine rounds each picture to 1/64 px.
        #expect(abs(planned.y - absolute.y) <= Double(tile.rowsAbove) / 128 + 1e-6)
        #expect(planned.x == absolute.x)
        #expect(abs(planned.height - absolute.height) <= 1.0 / 128 + 1e-9)
    }
}

@Test(arguments: [200.0, 333.3, 640, 1999])
func captionedPlanNeverOverlapsAndStacksExactly(_ w: Double) throws {
    let items = captioned(count: 200, seed: 12)
    let plan = try ColumnPlan(items: items, columnCount: 3, referenceColumnWidth: 300, rowGap: 8, order: .lanes(tolerance: 16))
    let frames = plan.frames(columnWidth: w, columnGap: 8, rowGap: 8)
    var last = [Frame?](repeating: nil, count: 3)
    for (tile, frame) in zip(plan.tiles, frames) {
        if let above = last[tile.column] {
            #expect(abs(frame.y - (above.maxY + 8)) < 1e-6)
        } else {
            #expect(frame.y == 0)
        }
        last[tile.column] = frame
    }
    let height = plan.contentHeight(columnWidth: w, rowGap: 8)
    #expect(abs(height - last.compactMap { $0?.maxY }.max()!) < 1e-6)
}

@Test func responsiveLayoutRejectsSpanningItems() throws {
    let items = [Item(width: 1, height: 1), Item(width: 1, height: 1, span: .fullWidth)]
    // A column plan places them (see SpanPlanTests); the drift report does not.
    #expect(try ColumnPlan(items: items, columnCount: 2, referenceColumnWidth: 100, rowGap: 0).tiles[1].span == 2)
    #expect(throws: PlanError.spanningItem(index: 1)) {
        try ResponsiveLayout(items: items, ranges: [WidthRange(columns: 2, minimumWidth: 0, maximumWidth: 500)],
                             columnGap: 8, rowGap: 8)
    }
    #expect(PlanError.spanningItem(index: 1).description.contains("item 2"))
}

@Test func responsiveLayoutReportsDriftAtTheEdges() throws {
    let items = captioned(count: 500, seed: 13)
    let ranges = [WidthRange(columns: 2, minimumWidth: 480, maximumWidth: 799),
                  WidthRange(columns: 4, minimumWidth: 1200, maximumWidth: 1599)]
    let layout = try ResponsiveLayout(items: items, ranges: ranges, columnGap: 8, rowGap: 8, insets: Insets(left: 4, right: 4))
    #expect(layout.plans.count == 2)
    for entry in layout.plans {
        #expect(entry.atMinimum.containerWidth == entry.range.minimumWidth)
        #expect(entry.atMaximum.containerWidth == entry.range.maximumWidth)
        // The drift equals what ColumnPlan.drift computes at that column width.
        let w = ResponsiveLayout.columnWidth(entry.range.minimumWidth, entry.range.columns, 8, Insets(left: 4, right: 4))
        #expect(abs(entry.atMinimum.height - entry.plan.drift(columnWidth: w, rowGap: 8)) < 1e-6)
        #expect(entry.atMinimum.moved >= 0 && entry.atMinimum.moved <= items.count)
        // At the reference width the frozen plan is the fresh one.
        let reference = ResponsiveLayout.columnWidth(entry.range.referenceWidth, entry.range.columns, 8, Insets(left: 4, right: 4))
        #expect(entry.plan.drift(columnWidth: reference, rowGap: 8) == 0)
    }
}
