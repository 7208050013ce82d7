import Testing
@testable import Waterfall
import SeededRandom

// The `shortest` hot path (register lanes, heap above 8 columns, no stored
// heights, unclamped heights for usual tiles) must give exactly the frames of
// the plain algorithm: one array of column positions, a linear scan for the
// leftmost lowest window, every height through the full clamped formula.

/// The straightforward single-section `shortest` layout in 1/64 px integers,
/// written out independently of the engine's placement code.
struct ReferenceShortest {
    var frames: [Frame] = []
    var contentHeight: Double = 0

    init(items: [Item], columns k: Int, width: Double, gap: Double, rowGap: Double, insets: Insets) {
        func units(_ value: Double) -> Int64 {
            guard value.isFinite, value > 0 else { return 0 }
            return value * 64 >= 4_294_967_296 ? 4_294_967_296 : Int64((value * 64).rounded(.toNearestOrEven))
        }
        func px(_ value: Int64) -> Double { Double(value) / 64 }
        let left = units(insets.left)
        let room = max(0, units(width) - left - units(insets.right))
        var columnGap = units(gap)
        if k > 1 { columnGap = min(columnGap, room / Int64(k - 1)) }
        let w = max(0, (room - Int64(k - 1) * columnGap) / Int64(k))
        let rowGap = units(rowGap)
        let top = units(insets.top)
        var next = [Int64](repeating: top, count: k)
        var lowest = top
        for item in items {
            let span = item.span == .fullWidth ? k : min(max({ if case .columns(let n) = item.span { n } else { 1 } }(), 1), k)
            let tileWidth = Int64(span) * w + Int64(span - 1) * columnGap
            let ratio = min(max(item.ratio.millionths, 1), 1_000_000_000)
            let picture = (ratio * tileWidth + 500_000) / 1_000_000
            let height = min(picture + units(item.extraHeight), 4_294_967_296)
            var best = 0, bestTop = Int64.max
            for start in 0...(k - span) {
                let windowTop = next[start..<(start + span)].max()!
                if windowTop < bestTop { (best, bestTop) = (start, windowTop) }
            }
            for c in best..<(best + span) { next[c] = bestTop + height + rowGap }
            lowest = max(lowest, bestTop + height)
            let x = left + Int64(best) * (w + columnGap)
            frames.append(Frame(x: px(x), y: px(bestTop), width: px(tileWidth), height: px(height)))
        }
        contentHeight = px(lowest + units(insets.bottom))
    }
}

/// Seeded single-section inputs aimed at the fast path's edges: every column
/// count up to 20 (each register width and the heap), ties (repeated ratios),
/// ratios outside `Item.ratioRange`, captions, spans that leave and re-enter
/// the hot loop, and columns wider than its 65,536 px limit.
struct FastPathCase {
    var items: [Item]
    var columns: Int
    var width: Double
    var gap: Double
    var rowGap: Double
    var insets: Insets

    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        columns = Int.random(in: 1...20, using: &rng)
        width = Bool.random(using: &rng) && seed % 50 == 0
            ? Double(Int.random(in: 2_000_000...9_000_000, using: &rng))
            : Double(Int.random(in: 100...4000, using: &rng)) + [0, 0.5, 1.0 / 3].randomElement(using: &rng)!
        gap = Double(Int.random(in: 0...64, using: &rng)) / 4
        rowGap = Double(Int.random(in: 0...64, using: &rng)) / 4
        insets = .all(Double(Int.random(in: 0...40, using: &rng)))
        let palette = (0..<Int.random(in: 1...6, using: &rng)).map { _ in Int64.random(in: 300_000...3_000_000, using: &rng) }
        let spanShare = Int.random(in: 0...3, using: &rng)  // 0: no spans at all
        items = (0..<Int.random(in: 0...400, using: &rng)).map { _ in
            var ratio = Bool.random(using: &rng) ? palette.randomElement(using: &rng)! : Int64.random(in: 1...4_000_000, using: &rng)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0: ratio = 0
            case 1: ratio = -ratio
            case 2: ratio = Int64.random(in: 1_000_000_000...Int64.max, using: &rng)
            default: break
            }
            let extra = Int.random(in: 0..<10, using: &rng) == 0 ? Double(Int.random(in: 1...100, using: &rng)) / 3 : 0
            var span = Span.columns(1)
            if spanShare > 0, Int.random(in: 0..<(10 * spanShare), using: &rng) == 0 {
                span = Bool.random(using: &rng) ? .fullWidth : .columns(Int.random(in: 2...4, using: &rng))
            }
            return Item(ratio: Ratio(millionths: ratio), extraHeight: extra, span: span)
        }
    }
}

@Test(arguments: [1...1000, 1001...2000, 2001...3000, 3001...4000] as [ClosedRange<UInt64>])
func shortestFastPathEqualsTheStraightforwardReference(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let c = FastPathCase(seed: seed)
        let section = Section(items: c.items, columns: .fixed(c.columns), columnGap: c.gap, rowGap: c.rowGap, insets: c.insets)
        let arrangement = Arrangement(sections: [section], containerWidth: c.width)
        let reference = ReferenceShortest(items: c.items, columns: c.columns, width: c.width,
                                          gap: c.gap, rowGap: c.rowGap, insets: c.insets)
        #expect(firstDifference(arrangement.frames, reference.frames) == nil, "seed \(seed), \(c.columns) columns")
        #expect(arrangement.contentHeight == reference.contentHeight, "seed \(seed)")
        // Laying out again into the same storage (the resize path) changes nothing.
        var again = Arrangement(sections: [section], containerWidth: c.width + 1)
        again.layOut(sections: [section], containerWidth: c.width)
        #expect(firstDifference(again.frames, reference.frames) == nil, "seed \(seed), re-laid out")
    }
}

/// The first index where the frames differ, with both frames (nil when equal), for short failure messages.
func firstDifference(_ found: [Frame], _ expected: [Frame]) -> String? {
    guard found.count == expected.count else { return "\(found.count) frames, expected \(expected.count)" }
    guard let index = found.indices.first(where: { found[$0] != expected[$0] }) else { return nil }
    return "item \(index): \(found[index]), expected \(expected[index])"
}

@Test func sortedKeysKeepTheirOrderAndMinimum() {
    var rng = SplitMix64(seed: 42)
    for k in 1...20 {
        var expected = (0..<k).map { Int64.random(in: 0...1000, using: &rng) << 10 | Int64($0) }.sorted()
        var lanes: any SortedKeys = switch k {
        case ...2: SortedKeys2(sorted: expected)
        case ...4: SortedKeys4(sorted: expected)
        case ...6: SortedKeys6(sorted: expected)
        case ...8: SortedKeys8(sorted: expected)
        default: HeapKeys(sorted: expected)
        }
        for _ in 0..<2000 {
            #expect(lanes.first == expected[0])
            let key = expected[0] + Int64.random(in: 0...300, using: &rng) << 10
            lanes.replaceFirst(with: key)
            expected[0] = key
            expected.sort()
        }
        var all: [Int64] = []
        lanes.forEachKey { if $0 != .max { all.append($0) } }
        #expect(all.sorted() == expected, "k = \(k)")
    }
}
