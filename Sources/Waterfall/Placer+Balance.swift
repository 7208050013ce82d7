extension Placer {
    /// The largest `balanced` lookahead: beyond it the search budget, not
    /// the tail's length, bounds what is explored.
    static let maximumLookahead = 32

    /// Search nodes per section tail: caps a section's extra work (about a
    /// quarter of a millisecond per grid and column count on the loaded
    /// 2-core VM; 16,384 evened the bottoms only a little more at 4× the
    /// time, `Benchmarks/layout-balance`). The `shortest` placement is always
    /// the first complete one explored, so `balanced` is never less even than it.
    static let searchBudget = 4096

    /// Where the items `placeTail` decides begin in a section of `count` items.
    func tailStart(count: Int) -> Int { count - min(count, lookahead) }

    /// Places a section's items in order: all by `place`, except the tail of
    /// a `balanced` section, chosen by `placeTail`. Calls `body(index, column, top)`
    /// once per item, in index order. `heights[i]` is item `i`'s height at its span.
    mutating func placeAll(heights: [Int64], spans: [Int], _ body: (Int, Int, Int64) -> Void) {
        let start = tailStart(count: heights.count)
        for index in 0..<start {
            let (column, y) = place(span: spans[index], height: heights[index])
            body(index, column, y)
        }
        guard start < heights.count else { return }
        let columns = placeTail(heights: Array(heights[start...]), spans: Array(spans[start...]))
        for (offset, column) in columns.enumerated() {
            body(start + offset, column.column, column.y)
        }
    }

    /// Places the last items of a section, in order, each at the top of the
    /// window of columns the search chose: among the choices whose tallest
    /// column is no taller than `shortest`'s (so the section never grows),
    /// the one that leaves the columns' next positions with the smallest
    /// spread (max − min), then the fewest departures from `shortest`, then
    /// the earliest-explored (`shortest` first, then lower windows, then leftmost).
    mutating func placeTail(heights: [Int64], spans: [Int]) -> [(column: Int, y: Int64)] {
        var search = TailSearch(next: next, rowGap: rowGap, heights: heights,
                                spans: spans.map { min(max($0, 1), columnCount) })
        search.run()
        var placed: [(column: Int, y: Int64)] = []
        placed.reserveCapacity(heights.count)
        for (index, column) in search.best.enumerated() {
            let s = search.spans[index]
            placed.append((column, put(column: column, span: s, height: heights[index])))
        }
        return placed
    }
}

/// The branch-and-bound search behind `Placer.placeTail`.
///
/// Each level is one item; its branches are the (at most `branches`)
/// windows it can start in with the lowest tops, lowest first, leftmost on
/// equal tops (equal tops: only the leftmost, as the others lead to the same
/// bottoms for one-column tiles and rarely better ones for spans). Passes of
/// limited discrepancy: first the placements with no departure from
/// `shortest` (that is `shortest` itself), then those with at most one, two,
/// … until the budget is spent, so answers that keep the reading order best
/// are found first at every depth. The first complete placement's tallest
/// column caps every other. A branch is cut when it passes that cap, or when
/// even perfectly levelled columns could not beat the best spread found: the
/// final tallest column is at least today's tallest, the final shortest at
/// most the average of the final positions.
struct TailSearch {
    var next: [Int64]
    let rowGap: Int64
    let heights: [Int64]
    let spans: [Int]
    /// Column-widths × length still to place below item `i` (suffix sums).
    let remaining: [Int64]
    var best: [Int]
    var bestSpread = Int64.max
    var bestDepartures = Int.max
    /// The tallest column `shortest` leaves (once the first leaf is reached).
    var ceiling = Int64.max
    var choice: [Int]
    var nodes = 0
    /// Departures from `shortest` the current pass allows.
    var allowed = 0
    /// Per depth: the candidate windows (tops and starts) and the positions a branch overwrote.
    var candidateTops: [Int64]
    var candidateStarts: [Int]
    var saved: [Int64]

    /// The most windows tried per item: the lowest ones (a tile far above
    /// the shortest column rarely evens anything).
    static let branches = 8

    init(next: [Int64], rowGap: Int64, heights: [Int64], spans: [Int]) {
        self.next = next
        self.rowGap = rowGap
        self.heights = heights
        self.spans = spans
        var sums = [Int64](repeating: 0, count: heights.count + 1)
        for index in heights.indices.reversed() {
            sums[index] = sums[index + 1] + Int64(spans[index]) * (heights[index] + rowGap)
        }
        remaining = sums
        best = [Int](repeating: 0, count: heights.count)
        choice = best
        candidateTops = [Int64](repeating: 0, count: heights.count * Self.branches)
        candidateStarts = [Int](repeating: 0, count: heights.count * Self.branches)
        saved = [Int64](repeating: 0, count: heights.count * next.count)
    }

    mutating func run() {
        for pass in 0...heights.count {
            allowed = pass
            visit(0, departures: 0)
            if nodes >= Placer.searchBudget { break }
        }
    }

    private mutating func visit(_ depth: Int, departures: Int) {
        let k = next.count
        var highest = next[0], lowest = next[0], total: Int64 = 0
        for value in next {
            highest = max(highest, value)
            lowest = min(lowest, value)
            total += value
        }
        if highest > ceiling { return }
        if depth == heights.count {
            if ceiling == .max { ceiling = highest }
            let spread = highest - lowest
            if spread < bestSpread || (spread == bestSpread && departures < bestDepartures) {
                bestSpread = spread
                bestDepartures = departures
                best = choice
            }
            return
        }
        guard nodes < Placer.searchBudget else { return }
        nodes += 1
        let bound = max(0, (highest * Int64(k) - total - remaining[depth]) / Int64(k))
        if bound > bestSpread || (bound == bestSpread && departures >= bestDepartures) { return }
        // The lowest windows, sorted by (top, start), distinct tops only.
        let s = spans[depth]
        let base = depth * Self.branches
        var count = 0
        for start in 0...(k - s) {
            var top = next[start]
            for c in start..<(start + s) where next[c] > top { top = next[c] }
            var slot = count
            var duplicate = false
            while slot > 0 && candidateTops[base + slot - 1] >= top {
                if candidateTops[base + slot - 1] == top { duplicate = true; break }
                slot -= 1
            }
            if duplicate || slot >= Self.branches { continue }
            var move = min(count, Self.branches - 1)
            while move > slot {
                candidateTops[base + move] = candidateTops[base + move - 1]
                candidateStarts[base + move] = candidateStarts[base + move - 1]
                move -= 1
            }
            candidateTops[base + slot] = top
            candidateStarts[base + slot] = start
            count = min(count + 1, Self.branches)
        }
        let savedBase = depth * k
        for rank in 0..<count {
            if rank > 0 && departures >= allowed { break }
            let start = candidateStarts[base + rank]
            let after = candidateTops[base + rank] + heights[depth] + rowGap
            for c in 0..<s {
                saved[savedBase + c] = next[start + c]
                next[start + c] = after
            }
            choice[depth] = start
            visit(depth + 1, departures: departures + (rank == 0 ? 0 : 1))
            for c in 0..<s { next[start + c] = saved[savedBase + c] }
        }
    }
}
