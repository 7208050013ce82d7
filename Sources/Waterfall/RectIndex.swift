/// Answers "which items intersect this rectangle" (the visible tiles of a
/// viewport, the web analogue of `layoutAttributesForElementsInRect:`) in
/// O(log n + m).
///
/// Why this shape: on a million items a query's cost is cache misses, not
/// comparisons. Searching each column separately (`ColumnIndex`) lands in k
/// random places of a 40 MB array; here every tile of ordinary height sits in
/// *one* array sorted by top (the k y-sorted columns merged), so a query is one
/// search over `fences` (every 16th top: small enough to stay cached) and one
/// contiguous scan from `rect.y − lookBack` until a tile starts below the
/// rectangle. No tile in that array is `lookBack` tall, so none that starts
/// earlier can reach the rectangle.
///
/// `lookBack` is the power of two (1/64 px units) just above the heights of the
/// shortest 99 % of the tiles. The taller rest (panoramas turned on end,
/// full-width banners) would make every query scan back over them, so they go
/// to a `ColumnIndex`, whose cost does not grow with tile height.
public struct RectIndex: Sendable {
    /// One tile's frame, exactly as `Arrangement.frames` computes it (so the
    /// overlap test equals `Frame.overlaps` to the last bit); 32 bytes, two per
    /// cache line.
    struct Entry: Sendable {
        var top: Double
        var bottom: Double
        var x: Double
        var maxX: Double
    }

    static let fenceStride = 16
    /// Share of the tiles whose heights set `lookBack`; taller ones go to `tall`.
    static let ordinaryShare = 0.99

    /// Ordinary tiles sorted by (top, item index), and their item indices.
    let entries: [Entry]
    let items: [Int32]
    /// `fences[j] == entries[j * fenceStride].top`.
    let fences: [Double]
    /// Every ordinary tile is shorter than this, px (a multiple of 1/64).
    let lookBack: Double
    let tall: ColumnIndex

    public init(_ arrangement: Arrangement) {
        var frames: [Entry] = []
        var heights: [Int64] = []
        frames.reserveCapacity(arrangement.count)
        heights.reserveCapacity(arrangement.count)
        for (s, u) in arrangement.units.enumerated() {
            for (offset, item) in arrangement.input[s].items.enumerated() {
                let index = u.firstItem + offset
                let top = arrangement.tops[index], height = u.height(of: item)
                let x = u.x(ofColumn: Int(arrangement.firstColumns[index]))
                let width = u.width(span: item.spanCount(in: u.columnCount))
                let y = FixedPoint.toDouble(top), left = FixedPoint.toDouble(x)
                frames.append(Entry(top: y, bottom: y + FixedPoint.toDouble(height),
                                    x: left, maxX: left + FixedPoint.toDouble(width)))
                heights.append(height)
            }
        }
        let limit = Self.lookBackUnits(heights)
        lookBack = FixedPoint.toDouble(limit)
        var ordinary = heights.indices.filter { heights[$0] < limit }
        let before = { (a: Int, b: Int) in (frames[a].top, a) < (frames[b].top, b) }
        // `shortest` places tiles in order of top already; sort only when needed.
        if zip(ordinary, ordinary.dropFirst()).contains(where: { !before($0, $1) }) {
            ordinary.sort(by: before)
        }
        let sorted = ordinary.map { frames[$0] }
        entries = sorted
        items = ordinary.map { Int32(truncatingIfNeeded: $0) }
        fences = stride(from: 0, to: sorted.count, by: Self.fenceStride).map { sorted[$0].top }
        tall = ColumnIndex(arrangement, including: { heights[$0] >= limit })
    }

    /// The smallest power of two (1/64 px units) above the heights of at least
    /// `ordinaryShare` of the tiles.
    static func lookBackUnits(_ heights: [Int64]) -> Int64 {
        var counts = [Int](repeating: 0, count: 65)  // by bit length: height < 2^class
        for height in heights { counts[64 - height.leadingZeroBitCount] += 1 }
        let needed = Int((Double(heights.count) * ordinaryShare).rounded(.up))
        var covered = 0
        for bits in 0..<63 {
            covered += counts[bits]
            if covered >= needed { return 1 << bits }
        }
        return 1 << 62
    }

    /// Indices of the items whose frames share interior area with `rect`
    /// (`Frame.overlaps`), each once, in no particular order.
    public func items(in rect: Frame) -> [Int] {
        var result: [Int] = []
        items(in: rect, into: &result)
        return result
    }

    /// Replaces the contents of `buffer` with `items(in: rect)`, reusing its
    /// storage: a view that queries on every scroll step allocates nothing.
    public func items(in rect: Frame, into buffer: inout [Int]) {
        buffer.removeAll(keepingCapacity: true)
        forEachItem(in: rect) { buffer.append($0) }
    }

    /// Calls `body` with each item index `items(in:)` would return, without allocating.
    public func forEachItem(in rect: Frame, _ body: (Int) -> Void) {
        guard rect.width >= 0, rect.height >= 0, rect.x.isFinite, rect.y.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { return }
        // One pixel more than `lookBack`: heights are multiples of 1/64 px, so
        // rounding in this subtraction can never skip a tile that reaches `rect.y`.
        let from = rect.y - lookBack - 1
        entries.withUnsafeBufferPointer { entries in
            items.withUnsafeBufferPointer { items in
                var entry = Self.fenceStride * max(0, Self.countNotAbove(from, fences) - 1)
                while entry < entries.count {
                    let tile = entries[entry]
                    guard tile.top < rect.maxY else { break }
                    if tile.bottom > rect.y, tile.x < rect.maxX, rect.x < tile.maxX {
                        body(Int(items[entry]))
                    }
                    entry += 1
                }
            }
        }
        if !tall.isEmpty { tall.forEachItem(in: rect, body) }
    }

    /// How many of the sorted `values` are ≤ `limit` (a branch-free binary search:
    /// no mispredictions, and the loads of successive steps can overlap).
    static func countNotAbove(_ limit: Double, _ values: [Double]) -> Int {
        values.withUnsafeBufferPointer { values in
            guard !values.isEmpty else { return 0 }
            // Invariant: values[..<base] are ≤ limit and the answer is in base...base + length.
            var base = 0, length = values.count
            while length > 1 {
                let half = length / 2
                base = values[base + half] <= limit ? base + half : base
                length -= half
            }
            return values[base] <= limit ? base + 1 : base
        }
    }
}
