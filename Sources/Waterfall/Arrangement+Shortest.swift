extension Arrangement {
    /// Column positions below this many 1/64 px leave 10 low bits free for the
    /// column number in the packed keys of the hot path.
    static let packedLimit: Int64 = 1 << 52

    /// The hot path: `shortest` while items are one column wide. Same rule as
    /// `Placer.place` (leftmost minimum of `next`), but each column's position
    /// is packed with its index as `position << 10 | column`, so one
    /// branch-free `min` over the keys yields both the shortest column and,
    /// on equal positions, the leftmost one; the chosen column's new key is
    /// just `key + (height + gap) << 10`. Stops at the first spanning item
    /// (or, never in practice, when positions approach 2^52) and returns its
    /// offset; the caller continues there with the general `Placer`.
    static func shortestSingleColumn(_ items: UnsafeBufferPointer<Item>, columnWidth: Int64,
                                     placer: inout Placer, into output: PlacementOutput) -> Int {
        let k = placer.columnCount
        guard k <= 1024 else { return 0 }
        var keys = [Int64](repeating: 0, count: k)
        for c in 0..<k {
            guard placer.next[c] < packedLimit else { return 0 }
            keys[c] = placer.next[c] << 10 | Int64(c)
        }
        let gap = placer.rowGap
        var lowest = placer.lowest
        let tops = output.tops.baseAddress! + output.first
        let heights = output.heights.baseAddress! + output.first
        let columns = output.columns.baseAddress! + output.first
        let limit = packedLimit << 10
        var offset = 0
        keys.withUnsafeMutableBufferPointer { buffer in
            let keys = buffer.baseAddress!
            while offset < items.count {
                let item = items[offset]
                guard item.spanCode == 1 else { break }
                let extra = item.extraHeight == 0 ? 0 : extraUnits(item.extraHeight)
                let height = tileHeight(ratio: item.clampedRatio, width: columnWidth, extra: extra)
                let key = minimum(keys, k)
                let next = key + (height + gap) << 10
                guard next < limit else { break }
                let column = Int(key & 1023)
                keys[column] = next
                let y = key >> 10
                lowest = max(lowest, y + height)
                tops[offset] = y
                heights[offset] = height
                columns[offset] = Int32(truncatingIfNeeded: column)
                offset += 1
            }
            for c in 0..<k { placer.next[c] = buffer[c] >> 10 }
        }
        placer.lowest = lowest
        return offset
    }

    /// The smallest of `k` keys, as a balanced tree of branch-free `min`s for
    /// the common column counts (short dependency chains, no mispredictions).
    @inline(__always)
    static func minimum(_ p: UnsafeMutablePointer<Int64>, _ k: Int) -> Int64 {
        switch k {
        case 1: return p[0]
        case 2: return min(p[0], p[1])
        case 3: return min(min(p[0], p[1]), p[2])
        case 4: return min(min(p[0], p[1]), min(p[2], p[3]))
        case 5: return min(min(min(p[0], p[1]), min(p[2], p[3])), p[4])
        case 6: return min(min(min(p[0], p[1]), min(p[2], p[3])), min(p[4], p[5]))
        case 7: return min(min(min(p[0], p[1]), min(p[2], p[3])), min(min(p[4], p[5]), p[6]))
        case 8: return min(min(min(p[0], p[1]), min(p[2], p[3])), min(min(p[4], p[5]), min(p[6], p[7])))
        default:
            var key = p[0]
            for c in 1..<k { key = min(key, p[c]) }
            return key
        }
    }

    /// Kept out of line: captions are the rare case, and inlining the
    /// conversion makes the loop spill to the stack.
    @inline(never)
    static func extraUnits(_ value: Double) -> Int64 { FixedPoint.length(value) }
}
