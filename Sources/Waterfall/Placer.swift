/// The running state of one section's columns, in 1/64 px, and the placement
/// rule of every `PlacementOrder`. Pure integer arithmetic: the same inputs give
/// the same columns on every machine.
///
/// `next[c]` is where the next tile in column `c` would start: the bottom of its
/// last tile plus the row gap, or the columns' top when the column is empty
/// (CHT's `columnHeights`).
struct Placer {
    enum Rule: Equatable {
        case shortest
        case leftToRight
        case rightToLeft
        case lanes(tolerance: Int64)
    }

    let columnCount: Int
    let rule: Rule
    let rowGap: Int64
    var next: [Int64]
    /// Round-robin: the column the next item starts at (before mirroring).
    /// Lanes: the auto-placement cursor, the column after the previous item's last.
    var cursor = 0
    /// The lowest tile bottom so far (the columns' top when there is none).
    var lowest: Int64
    /// `balanced`: how many of a section's last items `placeTail` chooses by search (0 otherwise).
    let lookahead: Int

    init(columnCount: Int, order: PlacementOrder, rowGap: Int64, top: Int64) {
        self.columnCount = max(1, columnCount)
        var lookahead = 0
        switch order {
        case .shortest: rule = .shortest
        case .balanced(let count):
            rule = .shortest
            lookahead = min(max(count, 0), Self.maximumLookahead)
        case .leftToRight: rule = .leftToRight
        case .rightToLeft: rule = .rightToLeft
        case .lanes(let tolerance): rule = .lanes(tolerance: FixedPoint.length(tolerance))
        }
        self.lookahead = lookahead
        self.rowGap = rowGap
        next = [Int64](repeating: top, count: self.columnCount)
        lowest = top
    }

    /// Places a tile `height` tall covering `span` columns (1…k); returns its
    /// first column and its top.
    mutating func place(span: Int, height: Int64) -> (column: Int, y: Int64) {
        let k = columnCount
        let s = min(max(span, 1), k)
        let column: Int
        switch rule {
        case .shortest:
            column = s == 1 ? Self.leftmostMinimum(next) : lowestWindow(span: s)
        case .leftToRight, .rightToLeft:
            var start = cursor
            if start + s > k { start = 0 }
            cursor = (start + s) % k
            column = rule == .leftToRight ? start : k - s - start
        case .lanes(let tolerance):
            column = lanesWindow(span: s, tolerance: tolerance)
            cursor = column + s
        }
        return (column, put(column: column, span: s, height: height))
    }

    /// Puts a tile `height` tall on columns `column..<column+span` (already
    /// clamped to the section); returns its top.
    @discardableResult
    mutating func put(column: Int, span s: Int, height: Int64) -> Int64 {
        let y = windowTop(column, s)
        let bottom = y + height
        let after = bottom + rowGap
        for c in column..<(column + s) { next[c] = after }
        if bottom > lowest { lowest = bottom }
        return y
    }

    /// Where a tile covering columns `start..<start+span` starts: the lowest
    /// position that clears all of them.
    func windowTop(_ start: Int, _ span: Int) -> Int64 {
        var top = next[start]
        for c in (start + 1)..<(start + span) where next[c] > top { top = next[c] }
        return top
    }

    /// Index of the smallest value; ties go to the leftmost.
    static func leftmostMinimum(_ values: [Int64]) -> Int {
        var best = 0
        var bestValue = values[0]
        for index in 1..<values.count {
            let value = values[index]
            if value < bestValue {
                best = index
                bestValue = value
            }
        }
        return best
    }

    /// The start of the window of `span` columns whose top is lowest; ties leftmost.
    func lowestWindow(span: Int) -> Int {
        var best = 0
        var bestTop = windowTop(0, span)
        if columnCount > span {
            for start in 1...(columnCount - span) {
                let top = windowTop(start, span)
                if top < bestTop {
                    best = start
                    bestTop = top
                }
            }
        }
        return best
    }

    /// CSS grid-lanes: the windows within `tolerance` of the lowest top are
    /// eligible; take the first at or after the cursor, else the first.
    func lanesWindow(span: Int, tolerance: Int64) -> Int {
        let last = columnCount - span
        var lowestTop = Int64.max
        for start in 0...last {
            let top = windowTop(start, span)
            if top < lowestTop { lowestTop = top }
        }
        let limit = lowestTop + tolerance
        var first = -1
        for start in 0...last where windowTop(start, span) <= limit {
            if start >= cursor { return start }
            if first < 0 { first = start }
        }
        return first
    }
}
