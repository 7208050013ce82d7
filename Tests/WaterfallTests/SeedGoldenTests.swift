import Testing
@testable import Waterfall
import SeededRandom

// One golden test per seed layout: each computes the seed's frames by the seed's
// own formula (written out here, in Double like CGFloat) and checks the engine
// configured as that seed gives identical frames. Item sizes are chosen so the
// seed's `itemWidth · H / W` is exact in binary (widths dividing 400 at column
// width 100), which is also exact in 1/64 px and in millionths: any difference
// is a difference of rule, not of rounding.

/// A photo as the seed delegates report it (`sizeForItemAt`).
struct SeedSize {
    var width: Double
    var height: Double
}

func seedSizes(count: Int, seed: UInt64, widths: [Double] = [25, 50, 100, 200, 400]) -> [SeedSize] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in
        SeedSize(width: widths.randomElement(using: &rng)!, height: Double(Int.random(in: 10...600, using: &rng)))
    }
}

func items(_ sizes: [SeedSize]) -> [Item] {
    sizes.map { Item(width: Int($0.width), height: Int($0.height)) }
}

/// Index of the first smallest value — the seeds' "shortest column" loop (strict `<`).
func firstMinimum(_ values: [Double]) -> Int {
    var best = 0
    for i in values.indices where values[i] < values[best] { best = i }
    return best
}

@Test(arguments: [0, 1, 17, 200])
func seedYLCollectionLayout(_ count: Int) {
    // 3 columns, column margin 15, row margin 10, insets 10; y = columnMaxY + rowMargin.
    let k = 3, colMargin = 15.0, rowMargin = 10.0, inset = 10.0, W = 350.0
    let sizes = seedSizes(count: count, seed: 1)
    let w = (W - inset - inset - Double(k - 1) * colMargin) / Double(k)
    var columnMaxY = [Double](repeating: inset, count: k)
    var expected: [Frame] = []
    for size in sizes {
        let c = firstMinimum(columnMaxY)
        let h = w * size.height / size.width
        let frame = Frame(x: inset + Double(c) * (w + colMargin), y: columnMaxY[c] + rowMargin, width: w, height: h)
        columnMaxY[c] = frame.maxY
        expected.append(frame)
    }
    let contentHeight = columnMaxY.max()! + inset
    // The engine: the first row's row margin is part of the top inset.
    let section = Section(items: items(sizes), columns: .fixed(k), columnGap: colMargin, rowGap: rowMargin,
                          insets: Insets(top: inset + rowMargin, left: inset, bottom: inset, right: inset))
    let arrangement = Arrangement(sections: [section], containerWidth: W)
    #expect(arrangement.frames == expected)
    if count > 0 { #expect(arrangement.contentHeight == contentHeight) }
}

@Test(arguments: [1, 33, 250])
func seedFiveColumnsWithPadding(_ count: Int) {
    // 5 columns, padding 5, no insets: x = i·(w + padding); column y advances by height + padding.
    let k = 5, padding = 5.0, W = 520.0
    let sizes = seedSizes(count: count, seed: 2)
    let w = (W - Double(k - 1) * padding) / Double(k)
    var columnY = [Double](repeating: 0, count: k)
    var expected: [Frame] = []
    for size in sizes {
        let i = firstMinimum(columnY)
        let h = w * size.height / size.width
        expected.append(Frame(x: Double(i) * (w + padding), y: columnY[i], width: w, height: h))
        columnY[i] += h + padding
    }
    // The seed's content height is its tallest column y, which includes a trailing padding.
    let section = Section(items: items(sizes), columns: .fixed(k), columnGap: padding, rowGap: padding,
                          insets: Insets(bottom: padding))
    let arrangement = Arrangement(sections: [section], containerWidth: W)
    #expect(arrangement.frames == expected)
    #expect(arrangement.contentHeight == columnY.max()!)
}

@Test(arguments: [1, 40, 300])
func seedWaterfallCollectionLayout(_ count: Int) {
    // 4 columns, margin m on both outer sides and between columns:
    // w = (W − (k+1)·m)/k, x = (col+1)·m + col·w, y = shortest + m.
    let k = 4, m = 5.0, W = 425.0
    let sizes = seedSizes(count: count, seed: 3)
    let w = (W - Double(k + 1) * m) / Double(k)
    var shortest = [Double](repeating: 0, count: k)
    var expected: [Frame] = []
    for size in sizes {
        let col = firstMinimum(shortest)
        let h = w * size.height / size.width
        let frame = Frame(x: Double(col + 1) * m + Double(col) * w, y: shortest[col] + m, width: w, height: h)
        shortest[col] = frame.maxY
        expected.append(frame)
    }
    let section = Section(items: items(sizes), columns: .fixed(k), columnGap: m, rowGap: m,
                          insets: Insets(top: m, left: m, bottom: m, right: m))
    let arrangement = Arrangement(sections: [section], containerWidth: W)
    #expect(arrangement.frames == expected)
    #expect(arrangement.contentHeight == shortest.max()! + m)
}

@Test(arguments: [1, 25, 180])
func seedGKWaterViewLayout(_ count: Int) {
    // Defaults: 3 columns, margins 10, insets 10 on every side; no row margin
    // above the first row; content height = tallest + bottom inset.
    let k = 3, margin = 10.0, inset = 10.0, W = 340.0
    let sizes = seedSizes(count: count, seed: 4)
    let w = (W - 2 * inset - Double(k - 1) * margin) / Double(k)
    var heights = [Double](repeating: 0, count: k)  // column content heights (without the top inset)
    var expected: [Frame] = []
    for size in sizes {
        let c = firstMinimum(heights)
        let h = w * size.height / size.width
        let y = inset + (heights[c] == 0 ? 0 : heights[c] + margin)
        expected.append(Frame(x: inset + Double(c) * (w + margin), y: y, width: w, height: h))
        heights[c] = y + h - inset
    }
    let engine = WaterfallLayout(columnCount: k, columnGap: margin, rowGap: margin, insets: .all(inset))
    let arrangement = Arrangement(sections: [engine.section(items(sizes))], containerWidth: W)
    #expect(arrangement.frames == expected)
    #expect(arrangement.contentHeight == heights.max()! + 2 * inset)
    // The legacy entry point is the same engine.
    let legacy = engine.layout(aspectRatios: sizes.map { $0.width / $0.height }, containerWidth: W)
    #expect(legacy.frames == expected)
}

@Test func seedFlowLayoutArticleSections() {
    // Per-section insets and item sizes from a delegate, every attribute computed
    // once in prepare and cached. Each section starts where the previous ended;
    // its columns start at section top + top inset; it ends at its tallest
    // column + bottom inset.
    struct SeedSection { var k: Int; var spacing: Double; var top, left, bottom, right: Double; var sizes: [SeedSize] }
    // W = 380 makes every section's column width whole (175, 120, 95, 364) and
    // power-of-two item widths keep `w · H / W` exact.
    let pow2: [Double] = [1, 2, 4, 8]
    let seedSections = [
        SeedSection(k: 2, spacing: 10, top: 20, left: 10, bottom: 20, right: 10, sizes: seedSizes(count: 9, seed: 5, widths: pow2)),
        SeedSection(k: 3, spacing: 5, top: 5, left: 5, bottom: 5, right: 5, sizes: seedSizes(count: 14, seed: 6, widths: pow2)),
        SeedSection(k: 4, spacing: 0, top: 0, left: 0, bottom: 30, right: 0, sizes: seedSizes(count: 0, seed: 7, widths: pow2)),
        SeedSection(k: 1, spacing: 8, top: 8, left: 8, bottom: 8, right: 8, sizes: seedSizes(count: 3, seed: 8, widths: pow2)),
    ]
    let W = 380.0
    var cache: [Frame] = []  // the article's attribute cache
    var sectionTop = 0.0
    for s in seedSections {
        let w = (W - s.left - s.right - Double(s.k - 1) * s.spacing) / Double(s.k)
        var columnY = [Double](repeating: sectionTop + s.top, count: s.k)
        var tallest = sectionTop + s.top
        for size in s.sizes {
            let c = firstMinimum(columnY)
            let h = w * size.height / size.width
            let frame = Frame(x: s.left + Double(c) * (w + s.spacing), y: columnY[c], width: w, height: h)
            cache.append(frame)
            columnY[c] = frame.maxY + s.spacing
            tallest = max(tallest, frame.maxY)
        }
        sectionTop = tallest + s.bottom
    }
    let sections = seedSections.map { s in
        Section(items: items(s.sizes), columns: .fixed(s.k), columnGap: s.spacing, rowGap: s.spacing,
                insets: Insets(top: s.top, left: s.left, bottom: s.bottom, right: s.right))
    }
    let arrangement = Arrangement(sections: sections, containerWidth: W)
    #expect(arrangement.frames == cache)
    #expect(arrangement.contentHeight == sectionTop)
    #expect(arrangement.sections.map(\.items.count) == [9, 14, 0, 3])
}
