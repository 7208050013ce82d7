extension Arrangement {
    /// Column positions below this many 1/64 px leave 10 low bits free for the
    /// column number in the packed keys of the hot path.
    static let packedLimit: Int64 = 1 << 52

    /// The hot path: `shortest` while items are one column wide. Same rule as
    /// `Placer.place` (leftmost minimum of `next`), but each column's position
    /// is packed with its index as `position << 10 | column`, so the smallest
    /// key is both the shortest column and, on equal positions, the leftmost
    /// one; the chosen column's new key is just `key + (height + gap) << 10`.
    /// The keys live in registers, sorted (`SortedKeys`), for up to 8 columns.
    /// Stops at the first spanning item (or, never in practice, when positions
    /// approach 2^52; it does not start for columns over 65,536 px) and
    /// returns its offset; the caller continues there with
    /// the general `Placer`.
    static func shortestSingleColumn(_ items: UnsafeBufferPointer<Item>, columnWidth: Int64,
                                     placer: inout Placer, into output: PlacementOutput) -> Int {
        let k = placer.columnCount
        guard k <= 1024, columnWidth <= fastWidthLimit, placer.next.allSatisfy({ $0 < packedLimit }) else { return 0 }
        var sorted = placer.next  // one allocation per entry: spans re-enter here often
        for c in sorted.indices { sorted[c] = sorted[c] << 10 | Int64(c) }
        sorted.sort()
        switch k {
        case ...2: return shortestRun(SortedKeys2(sorted: sorted), items, columnWidth, &placer, output)
        case ...4: return shortestRun(SortedKeys4(sorted: sorted), items, columnWidth, &placer, output)
        case ...6: return shortestRun(SortedKeys6(sorted: sorted), items, columnWidth, &placer, output)
        case ...8: return shortestRun(SortedKeys8(sorted: sorted), items, columnWidth, &placer, output)
        default: return shortestRun(HeapKeys(sorted: sorted), items, columnWidth, &placer, output)
        }
    }

    /// The loop of `shortestSingleColumn` for one key representation
    /// (specialised per type, so the lanes stay in registers).
    @inline(__always)
    static func shortestRun<Keys: SortedKeys>(_ start: Keys, _ items: UnsafeBufferPointer<Item>, _ columnWidth: Int64,
                                              _ placer: inout Placer, _ output: PlacementOutput) -> Int {
        var keys = start
        let gap = placer.rowGap
        let tops = output.tops.baseAddress! + output.first
        let columns = output.columns.baseAddress! + output.first
        let limit = packedLimit << 10
        var offset = 0
        while offset < items.count {
            let item = items[offset]
            guard item.spanCode == 1 else { break }
            // Usual tile: a ratio inside `Item.ratioRange` (1…10^9) and no caption,
            // so with `columnWidth ≤ fastWidthLimit` the height needs neither clamp.
            // One test covers both: the OR is below 10^9 only if `ratio − 1` is,
            // and the caption's bit pattern is then +0 or a subnormal (< 10^-300 px,
            // which `FixedPoint.length` rounds to 0 as well).
            let ratio = item.ratio.millionths
            let height = UInt64(bitPattern: ratio &- 1) | item.extraHeight.bitPattern < 1_000_000_000
                ? Int64(bitPattern: (UInt64(bitPattern: ratio &* columnWidth) &+ 500_000) / 1_000_000)
                : unusualHeight(item, columnWidth)
            let key = keys.first
            // height, gap ≤ 2^32 and key < 2^62: no overflow.
            let next = key &+ (height &+ gap) &<< 10
            guard next < limit else { break }
            keys.replaceFirst(with: next)
            tops[offset] = key &>> 10
            columns[offset] = Int32(truncatingIfNeeded: key & 1023)
            offset &+= 1
        }
        // The lowest bottom is the last tile of some column: its `next` minus the
        // gap. Columns without a new tile have `next − gap ≤ lowest` already.
        keys.forEachKey { key in
            guard key != .max else { return }
            let position = key >> 10
            placer.next[Int(key & 1023)] = position
            if offset > 0 { placer.lowest = max(placer.lowest, position - gap) }
        }
        return offset
    }

    /// Column widths up to 2^22 units (65,536 px) keep `ratio · w / 10^6` of
    /// any ratio in `Item.ratioRange` (≤ 1000 · w) below `FixedPoint.maxUnits`,
    /// so the hot loop can skip the clamp of `tileHeight`.
    static let fastWidthLimit: Int64 = 1 << 22

    /// The height of a tile with a caption or an out-of-range ratio. Kept out
    /// of line: it is the rare case, and inlining it makes the loop spill.
    @inline(never)
    static func unusualHeight(_ item: Item, _ columnWidth: Int64) -> Int64 {
        tileHeight(ratio: item.clampedRatio, width: columnWidth, extra: FixedPoint.length(item.extraHeight))
    }
}
