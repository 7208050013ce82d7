/// Per-column rect queries: within one column of one section the tiles never
/// overlap and are appended in increasing `y`, so each column is a sorted list
/// of disjoint intervals. A binary search finds the first tile whose bottom is
/// below the rectangle's top, and a scan collects tiles until one starts below
/// the rectangle. A spanning tile is listed in every column it covers and
/// reported once, from the first of its columns the query visits. The cost does
/// not grow with tall tiles, so `RectIndex` keeps its few unusually tall tiles
/// here (k searches over a small, cache-resident index).
struct ColumnIndex: Sendable {
    /// One tile in one column's list: everything the query reads, contiguous,
    /// so a visible tile costs one cache line rather than a trip into the items.
    struct Entry: Sendable {
        var top: Double
        var bottom: Double
        var x: Double
        var width: Double
        var item: Int32
        var firstColumn: Int32
    }

    /// Every `fenceStride`-th entry's bottom is copied into `fences`; the binary
    /// search runs over that small (cache-resident) array first, then over at
    /// most `fenceStride` entries.
    static let fenceStride = 32

    let sections: [SectionGeometry]
    /// Per section: its first slot in `columnStarts`.
    let sectionStarts: [Int]
    /// Column `c` of section `s` is `entries[columnStarts[sectionStarts[s] + c] ..< columnStarts[… + c + 1]]`.
    let columnStarts: [Int]
    /// Column `c` of section `s` has fences `fences[fenceStarts[sectionStarts[s] + c] ..< fenceStarts[… + 1]]`.
    let fenceStarts: [Int]
    let entries: [Entry]
    let fences: [Double]

    /// Indexes the items of `arrangement` for which `include` is true.
    init(_ arrangement: Arrangement, including include: (Int) -> Bool) {
        sections = arrangement.sections
        var sectionStarts: [Int] = [], columnStarts: [Int] = [], fenceStarts: [Int] = []
        var entries: [Entry] = [], fences: [Double] = []
        entries.reserveCapacity(arrangement.count)
        for (s, u) in arrangement.units.enumerated() {
            sectionStarts.append(columnStarts.count)
            let k = u.columnCount
            let range = arrangement.sections[s].items
            let items = arrangement.input[s].items
            // Bucket by column with a counting pass; each column stays in y order.
            var counts = [Int](repeating: 0, count: k)
            for index in range where include(index) {
                let first = Int(arrangement.firstColumns[index])
                for c in first..<(first + items[index - u.firstItem].spanCount(in: k)) { counts[c] += 1 }
            }
            var cursor = [Int](repeating: 0, count: k)
            var next = entries.count
            for c in 0..<k {
                columnStarts.append(next)
                cursor[c] = next
                next += counts[c]
            }
            let blank = Entry(top: 0, bottom: 0, x: 0, width: 0, item: 0, firstColumn: 0)
            entries.append(contentsOf: repeatElement(blank, count: next - entries.count))
            for index in range where include(index) {
                let first = Int(arrangement.firstColumns[index])
                let item = items[index - u.firstItem]
                let span = item.spanCount(in: k)
                let entry = Entry(
                    top: FixedPoint.toDouble(arrangement.tops[index]),
                    bottom: FixedPoint.toDouble(arrangement.tops[index] + u.height(of: item)),
                    x: FixedPoint.toDouble(u.x(ofColumn: first)),
                    width: FixedPoint.toDouble(u.width(span: span)),
                    item: Int32(truncatingIfNeeded: index),
                    firstColumn: Int32(first))
                for c in first..<(first + span) {
                    entries[cursor[c]] = entry
                    cursor[c] += 1
                }
            }
            for c in 0..<k {
                fenceStarts.append(fences.count)
                var entry = columnStarts[columnStarts.count - k + c]
                let end = cursor[c]
                while entry < end {
                    fences.append(entries[entry].bottom)
                    entry += Self.fenceStride
                }
            }
        }
        sectionStarts.append(columnStarts.count)
        columnStarts.append(entries.count)
        fenceStarts.append(fences.count)
        self.sectionStarts = sectionStarts
        self.columnStarts = columnStarts
        self.fenceStarts = fenceStarts
        self.entries = entries
        self.fences = fences
    }

    /// True when no item is indexed.
    var isEmpty: Bool { entries.isEmpty }

    /// Calls `body` with each indexed item whose frame shares interior area
    /// with `rect` (`Frame.overlaps`), by section, then column, then `y`.
    func forEachItem(in rect: Frame, _ body: (Int) -> Void) {
        guard rect.width >= 0, rect.height >= 0, rect.x.isFinite, rect.y.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { return }
        guard !entries.isEmpty else { return }
        // First section whose bottom reaches the rectangle.
        var low = 0, high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if sections[middle].bottom < rect.y { low = middle + 1 } else { high = middle }
        }
        var s = low
        while s < sections.count, sections[s].top <= rect.maxY {
            visit(section: s, rect: rect, body)
            s += 1
        }
    }

    private func visit(section s: Int, rect: Frame, _ body: (Int) -> Void) {
        let geometry = sections[s]
        let k = geometry.columnCount
        let pitch = geometry.columnWidth + geometry.columnGap
        // Columns whose cell (column plus the gap to its right) meets the rectangle,
        // widened by one on each side; the exact frame test below decides.
        var firstColumn = 0, lastColumn = k - 1
        if pitch > 0 {
            let from = ((rect.x - geometry.left) / pitch).rounded(.down) - 1
            let to = ((rect.maxX - geometry.left) / pitch).rounded(.down) + 1
            firstColumn = from <= 0 ? 0 : (from >= Double(k) ? k : Int(from))
            lastColumn = to >= Double(k - 1) ? k - 1 : (to < 0 ? -1 : Int(to))
        }
        guard firstColumn <= lastColumn else { return }
        let base = sectionStarts[s]
        let stride = Self.fenceStride
        entries.withUnsafeBufferPointer { entries in
            fences.withUnsafeBufferPointer { fences in
                for c in firstColumn...lastColumn {
                    let start = columnStarts[base + c], end = columnStarts[base + c + 1]
                    // Last fence at or above the rectangle's top: the first tile below
                    // `rect.y` lies within the `stride` entries after it.
                    var low = fenceStarts[base + c], high = fenceStarts[base + c + 1]
                    let fenceBase = low
                    while low < high {
                        let middle = (low + high) >> 1
                        if fences[middle] <= rect.y { low = middle + 1 } else { high = middle }
                    }
                    var from = start + max(0, low - fenceBase - 1) * stride
                    var to = min(end, start + (low - fenceBase) * stride + 1)
                    while from < to {
                        let middle = (from + to) >> 1
                        if entries[middle].bottom <= rect.y { from = middle + 1 } else { to = middle }
                    }
                    var entry = from
                    while entry < end {
                        let tile = entries[entry]
                        guard tile.top < rect.maxY else { break }
                        if max(Int(tile.firstColumn), firstColumn) == c, tile.bottom > rect.y,
                           tile.x < rect.maxX, rect.x < tile.x + tile.width {
                            body(Int(tile.item))
                        }
                        entry += 1
                    }
                }
            }
        }
    }
}
