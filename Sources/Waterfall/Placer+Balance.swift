extension Placer {
    /// The largest `balanced` lookahead: beyond it the search budget, not
    /// the tail's length, bounds what is explored.
    static let maximumLookahead = 32

    /// Search nodes per section tail. Caps a section's extra work at a few
    /// thousand column updates (bounded for any input, so a million tiny
    /// sections stay linear); the `shortest` placement is always the first
    /// complete one explored, so `balanced` is never less even than it.
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

/// The depth-first branch-and-bound search behind `Placer.placeTail`.
///
/// Each level is one item; its branches are the windows it can start in,
/// lowest top first (equal tops: only the leftmost, as the others lead to
/// the same bottoms for one-column tiles and rarely better ones for spans).
/// The first complete placement explored is `shortest`'s; its tallest column
/// caps every other. A branch is cut when it passes that cap, or when even
/// perfectly levelled columns could not beat the best spread found: the
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
    }

    mutating func run() { visit(0, departures: 0) }

    private mutating func visit(_ depth: Int, departures: Int) {
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
        let k = Int64(next.count)
        let bound = max(0, (highest * k - total - remaining[depth]) / k)
        if bound > bestSpread || (bound == bestSpread && departures >= bestDepartures) { return }
        let s = spans[depth]
        var windows: [(top: Int64, start: Int)] = []
        for start in 0...(next.count - s) {
            var top = next[start]
            for c in start..<(start + s) { top = max(top, next[c]) }
            windows.append((top, start))
        }
        windows.sort { $0.top != $1.top ? $0.top < $1.top : $0.start < $1.start }
        var saved = [Int64](repeating: 0, count: s)
        var previousTop: Int64 = -1
        for (rank, window) in windows.enumerated() where window.top != previousTop {
            previousTop = window.top
            for c in 0..<s { saved[c] = next[window.start + c] }
            let after = window.top + heights[depth] + rowGap
            for c in 0..<s { next[window.start + c] = after }
            choice[depth] = window.start
            visit(depth + 1, departures: departures + (rank == 0 ? 0 : 1))
            for c in 0..<s { next[window.start + c] = saved[c] }
        }
    }
}
