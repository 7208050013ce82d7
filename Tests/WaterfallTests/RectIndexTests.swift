import Testing
@testable import Waterfall
import SeededRandom

@Test(arguments: [1...150, 151...300] as [ClosedRange<UInt64>])
func rectQueriesEqualABruteForceFilter(_ seeds: ClosedRange<UInt64>) {
    for seed in seeds {
        let gallery = RandomGallery(seed: seed, maxItems: 120)
        let arrangement = Arrangement(sections: gallery.sections, containerWidth: gallery.width)
        let index = RectIndex(arrangement)
        let frames = arrangement.frames
        var rng = SplitMix64(seed: seed &* 7919)
        for _ in 0..<20 {
            let height = max(arrangement.contentHeight, 1)
            let x = Double.random(in: -50...(gallery.width + 50), using: &rng).rounded()
            let y = Double.random(in: -50...(height + 50), using: &rng).rounded()
            let rect = Frame(x: x, y: y, width: Double.random(in: 0...gallery.width, using: &rng),
                             height: Double.random(in: 0...(height / 3), using: &rng))
            let expected = frames.indices.filter { frames[$0].overlaps(rect) }
            let found = index.items(in: rect)
            #expect(found.sorted() == expected, "seed \(seed) rect \(rect)")
            #expect(Set(found).count == found.count, "no duplicates")
        }
        // Exact tile edges: a rectangle equal to a tile finds it.
        if let first = frames.indices.first(where: { frames[$0].width > 0 && frames[$0].height > 0 }) {
            #expect(index.items(in: frames[first]).contains(first))
        }
    }
}

@Test func rectQueryOnEmptyAndDegenerateInput() {
    let empty = RectIndex(Arrangement(sections: [], containerWidth: 500))
    #expect(empty.items(in: Frame(x: 0, y: 0, width: 500, height: 500)).isEmpty)
    let arrangement = Arrangement(sections: [Section(items: [Item(width: 1, height: 1)], columns: .fixed(2))], containerWidth: 200)
    let index = RectIndex(arrangement)
    #expect(index.items(in: Frame(x: 0, y: 0, width: 1, height: 1)) == [0])
    #expect(index.items(in: Frame(x: .nan, y: 0, width: 1, height: 1)).isEmpty)
    #expect(index.items(in: Frame(x: 0, y: 0, width: -1, height: 1)).isEmpty)
    #expect(index.items(in: Frame(x: 100, y: 0, width: 100, height: 100)).isEmpty)  // the empty column
}

/// Tall tiles (strips, banners) go to the per-column index and zero-height
/// tiles to the sorted one; either way a query equals the brute-force filter.
@Test(arguments: [1...100, 101...200] as [ClosedRange<UInt64>])
func rectQueriesWithTallAndFlatTilesEqualABruteForceFilter(_ seeds: ClosedRange<UInt64>) {
    var buffer: [Int] = []
    for seed in seeds {
        var rng = SplitMix64(seed: seed)
        let items = (0..<Int.random(in: 1...600, using: &rng)).map { _ -> Item in
            let ratio: Int64 = switch Int.random(in: 0..<40, using: &rng) {
            case 0: Int64.random(in: 5_000_000...80_000_000, using: &rng)  // strips
            case 1: 0  // flat
            default: Int64.random(in: 500_000...2_000_000, using: &rng)
            }
            return Item(ratio: Ratio(millionths: ratio), span: Int.random(in: 0..<30, using: &rng) == 0 ? .fullWidth : .columns(1))
        }
        let order = [PlacementOrder.shortest, .leftToRight, .lanes(tolerance: 40)].randomElement(using: &rng)!
        let section = Section(items: items, columns: .fixed(Int.random(in: 1...8, using: &rng)), columnGap: 8, rowGap: 8, order: order)
        let arrangement = Arrangement(sections: [section, section], containerWidth: 1000)
        let index = RectIndex(arrangement)
        let frames = arrangement.frames
        for _ in 0..<40 {
            let y = Double.random(in: -100...(arrangement.contentHeight + 100), using: &rng).rounded()
            let rect = Frame(x: Double.random(in: -50...1050, using: &rng), y: y,
                             width: Double.random(in: 0...1000, using: &rng), height: Double.random(in: 0...2000, using: &rng))
            let expected = frames.indices.filter { frames[$0].overlaps(rect) }
            index.items(in: rect, into: &buffer)
            #expect(buffer.sorted() == expected, "seed \(seed) rect \(rect)")
        }
    }
}
