import Testing
@testable import Waterfall

@Test func headersFootersAndSectionBreaksFollowCHT() {
    // Container 320, section insets 10 → room 300, 2 columns, gap 10 → w = 145.
    let header = Band(height: 40, insets: Insets(top: 5, left: 20, bottom: 7, right: 30))
    let footer = Band(height: 25, insets: Insets(top: 3, left: 0, bottom: 4, right: 0))
    let items = [Item(width: 145, height: 100), Item(width: 145, height: 50), Item(width: 145, height: 30),
                 Item(ratio: Ratio(millionths: 100_000), span: .fullWidth), Item(width: 145, height: 20)]
    let first = Section(items: items, columns: .fixed(2), columnGap: 10, rowGap: 8, insets: .all(10),
                        header: header, footer: footer)
    let second = Section(items: [Item(width: 1, height: 1)], columns: .minimumWidth(100), columnGap: 0,
                         header: Band(height: 0))
    let arrangement = Arrangement(sections: [first, second], containerWidth: 320)
    let s = arrangement.sections[0]
    #expect(s.header == Frame(x: 20, y: 5, width: 270, height: 40))
    #expect(s.columnsTop == 5 + 40 + 7 + 10)  // 62
    #expect(arrangement.frames[0] == Frame(x: 10, y: 62, width: 145, height: 100))
    #expect(arrangement.frames[1] == Frame(x: 165, y: 62, width: 145, height: 50))
    #expect(arrangement.frames[2] == Frame(x: 165, y: 120, width: 145, height: 30))      // 62 + 50 + 8
    // Full width starts below the tallest column (162 + 8) and covers both columns: 300 × 30.
    #expect(arrangement.frames[3] == Frame(x: 10, y: 170, width: 300, height: 30))
    #expect(arrangement.frames[4] == Frame(x: 10, y: 208, width: 145, height: 20))
    // Footer: below the tallest column (228) + bottom inset 10 + footer top inset 3.
    #expect(s.footer == Frame(x: 0, y: 241, width: 320, height: 25))
    #expect(s.bottom == 241 + 25 + 4)
    // Second section: no header (height 0), 320 / 100 → 3 columns of 106.65625 (rounded down to 1/64).
    let t = arrangement.sections[1]
    #expect(t.top == 270 && t.header == nil && t.columnCount == 3)
    #expect(t.columnWidth == 106.65625)
    #expect(arrangement.frames[5] == Frame(x: 0, y: 270, width: 106.65625, height: 106.65625))
    #expect(arrangement.contentHeight == 270 + 106.65625)
}

@Test func spanningItemsTakeTheLowestWindowAndLeaveHoles() {
    // 3 columns of 100, no gaps: heights 100, 20, 50 then a span-2 item: windows
    // (0,1) top 100, (1,2) top 50 → columns 1–2 at 50, over the hole under column 1.
    let items = [Item(width: 1, height: 1), Item(width: 5, height: 1), Item(width: 2, height: 1),
                 Item(width: 2, height: 1, span: .columns(2)), Item(width: 1, height: 1, span: .columns(7))]
    let arrangement = Arrangement(sections: [Section(items: items, columns: .fixed(3))], containerWidth: 300)
    #expect(arrangement.frames[3] == Frame(x: 100, y: 50, width: 200, height: 100))
    #expect(arrangement.columns[3] == 1 && arrangement.span(at: 3) == 2)
    // A span wider than the grid is clamped to the full width, below the tallest column.
    #expect(arrangement.frames[4] == Frame(x: 0, y: 150, width: 300, height: 300))
}

@Test(arguments: [
    (ColumnCount.fixed(0), 500.0, 10.0, 1), (.fixed(4), 500, 10, 4), (.fixed(5000), 500, 10, 1024),
    (.minimumWidth(240), 1200, 8, 4), (.minimumWidth(240), 239, 8, 1), (.minimumWidth(0), 100, 0, 1), (.minimumWidth(0), 100, 10, 11),
    (.minimumWidth(.nan), 100, 0, 1), (.minimumWidth(100), 310, 5, 3),
])
func columnCountResolves(_ count: ColumnCount, _ room: Double, _ gap: Double, _ expected: Int) {
    #expect(count.resolve(room: room, columnGap: gap) == expected)
}

@Test(arguments: [(0, "0"), (64, "1"), (1, "0.015625"), (96, "1.5"), (-33, "-0.515625"), (6400, "100")] as [(Int64, String)])
func fixedPointPrintsExactDecimals(_ units: Int64, _ text: String) {
    #expect(FixedPoint.decimal(units) == text)
}

@Test func hostileInputNeverTraps() {
    let items = [Item(ratio: Ratio(millionths: .max), extraHeight: .infinity, span: .columns(.max)),
                 Item(ratio: Ratio(millionths: .min), extraHeight: -5, span: .columns(.min)),
                 Item(ratio: Ratio(millionths: 0), extraHeight: .nan), Item(width: .max, height: .max)]
    let section = Section(items: items, columns: .fixed(.max), columnGap: .infinity, rowGap: 1e300,
                          insets: Insets(top: .nan, left: -1, bottom: 1e30, right: .infinity),
                          header: Band(height: 1e300), order: .lanes(tolerance: .infinity))
    let arrangement = Arrangement(sections: [section, section], containerWidth: 1e300)
    #expect(arrangement.count == 8)
    #expect(arrangement.contentHeight.isFinite)
    _ = RectIndex(arrangement).items(in: Frame(x: 0, y: 0, width: 1e300, height: 1e300))
}
