/// Where one tile sits for a fixed column count, at *any* column width `w`:
///
///     left   = column · (w + gap)
///     width  = span · w + (span − 1) · gap
///     top    = above · w + (rowsAbove + spanGaps) · gap + extraAbove
///     height = ratio · width + extraHeight
///
/// (measured from the grid's top-left corner; insets are the page's padding).
/// `spanGaps` is 0 and `span` 1 unless a spanning tile lies above or this is one.
public struct PlacedTile: Sendable, Equatable, Hashable {
    /// Zero-based column.
    public var column: Int
    /// Sum of the height ÷ width ratios of the tiles above this one in its column (`S`).
    public var above: Ratio
    /// How many tiles are above this one in its column (`n`).
    public var rowsAbove: Int
    /// This tile's own height ÷ width.
    public var ratio: Ratio
    /// Sum of the fixed extra heights (caption bands) of the tiles above, px (the constant term).
    public var extraAbove: Double = 0
    /// This tile's own fixed extra height, px.
    public var extraHeight: Double = 0
    /// Columns the tile covers, from `column`.
    public var span: Int = 1
    /// The part of the top's gap coefficient that is not whole rows: the
    /// gaps inside spanning tiles above (`ratio · (span − 1)` each) and the
    /// levelling of a spanning tile's columns.
    public var spanGaps: Ratio = .zero

    /// The top's coefficient of the gap: `rowsAbove + spanGaps`.
    public var gapsAbove: Ratio { Ratio(millionths: Int64(rowsAbove) * Ratio.unit + spanGaps.millionths) }
    /// The height's coefficient of `w`: `ratio · span`.
    public var heightRatio: Ratio { Ratio(millionths: ratio.millionths * Int64(span)) }
    /// The height's coefficient of the gap: `ratio · (span − 1)`.
    public var heightGaps: Ratio { Ratio(millionths: ratio.millionths * Int64(span - 1)) }
}

/// One column's total stack, for the container height.
public struct ColumnStack: Sendable, Equatable, Hashable {
    /// Sum of the ratios of every tile in the column.
    public var ratios: Ratio
    /// Number of tiles in the column.
    public var count: Int
    /// Sum of the fixed extra heights of every tile in the column, px.
    public var extra: Double = 0
    /// Gaps beyond `count − 1` in the height's gap coefficient (spanning tiles; see `PlacedTile.spanGaps`).
    public var spanGaps: Ratio = .zero

    /// The height's coefficient of the gap: `count − 1 + spanGaps`.
    public var gaps: Ratio { Ratio(millionths: Int64(count - 1) * Ratio.unit + spanGaps.millionths) }

    /// The column's height at column width `w` with `rowGap` between its tiles.
    public func height(columnWidth w: Double, rowGap: Double) -> Double {
        count == 0 ? 0 : ratios.value * w + extra + gaps.value * rowGap
    }
}

/// The column assignment for one column count, expressed as coefficients that
/// are linear in the column width so a stylesheet can place every tile exactly
/// at any container width without script.
///
/// The assignment is the placement order evaluated at one reference column
/// width (with the absolute engine's 1/64 px arithmetic, so it equals
/// `Arrangement` there when no tile spans), then frozen: within a column the
/// tiles form a stack, so the plan never overlaps at any width, and the
/// balance drifts only slowly as the real width moves away from the
/// reference (see `drift`).
///
/// A spanning tile's true top is the `max()` of its columns' bottoms, which
/// is not linear in `w`; the plan uses the largest coefficient of each kind
/// (of `w`, of the gap, of the constant) over those columns instead. As every
/// coefficient is ≥ 0, that top is at or below each of those bottoms at every
/// width, so nothing overlaps; the price is a hole of a few px under the
/// shorter columns at some widths. Spanning tiles assume the column gap
/// equals the row gap (the gallery's one `--gap`).
public struct ColumnPlan: Sendable, Equatable {
    public var columnCount: Int
    public var tiles: [PlacedTile]
    public var columns: [ColumnStack]
    /// The order the assignment was made with.
    public var order: PlacementOrder = .shortest

    /// Builds the plan for photos of the given height ÷ width ratios (`shortest`, no captions).
    ///
    /// - Parameters:
    ///   - referenceColumnWidth: the column width at which "shortest" is decided;
    ///     choose the middle of the widths this column count is used for.
    ///   - rowGap: the vertical gap between tiles, in px.
    public init(ratios: [Ratio], columnCount: Int, referenceColumnWidth: Double, rowGap: Double) {
        self.init(checked: ratios.map { Item(ratio: $0) }, columnCount: columnCount,
                  referenceColumnWidth: referenceColumnWidth, rowGap: rowGap, order: .shortest)
    }

    /// Builds the plan for items (ratio, optional caption band, span) in `order`.
    ///
    /// Never throws today (spanning items became placeable); kept `throws`
    /// so callers written for the one-column-only plan still compile.
    public init(items: [Item], columnCount: Int, referenceColumnWidth: Double, rowGap: Double,
                order: PlacementOrder = .shortest) throws(PlanError) {
        self.init(checked: items, columnCount: columnCount, referenceColumnWidth: referenceColumnWidth,
                  rowGap: rowGap, order: order)
    }

    init(checked items: [Item], columnCount: Int, referenceColumnWidth: Double, rowGap: Double,
         order: PlacementOrder) {
        let k = min(max(columnCount, 1), ColumnCount.maximum)
        self.columnCount = k
        self.order = order
        let width = FixedPoint.lengthDown(referenceColumnWidth)
        let gap = FixedPoint.length(rowGap)
        var placer = Placer(columnCount: k, order: order, rowGap: gap, top: 0)
        var builder = PlanBuilder(columnCount: k, capacity: items.count)
        func height(_ item: Item, span: Int) -> Int64 {
            tileHeight(ratio: item.clampedRatio, width: Int64(span) * width + Int64(span - 1) * gap,
                       extra: FixedPoint.length(item.extraHeight))
        }
        let tail = placer.tailStart(count: items.count)
        for item in items[..<tail] {
            let s = item.spanCount(in: k)
            let (column, _) = placer.place(span: s, height: height(item, span: s))
            builder.add(item, column: column, span: s)
        }
        if tail < items.count {
            let spans = items[tail...].map { $0.spanCount(in: k) }
            let heights = zip(items[tail...], spans).map { height($0, span: $1) }
            for (offset, placed) in placer.placeTail(heights: heights, spans: spans).enumerated() {
                builder.add(items[tail + offset], column: placed.column, span: spans[offset])
            }
        }
        self.tiles = builder.tiles
        self.columns = builder.stacks
    }

    /// The items this plan places (clamped ratios and extra heights).
    public var items: [Item] {
        tiles.map { Item(ratio: $0.ratio, extraHeight: $0.extraHeight, span: .columns($0.span)) }
    }

    /// The content height (without insets) at column width `w`.
    public func contentHeight(columnWidth w: Double, rowGap: Double) -> Double {
        columns.map { $0.height(columnWidth: w, rowGap: rowGap) }.max() ?? 0
    }

    /// The frames this plan gives at column width `w` (grid origin at 0,0).
    public func frames(columnWidth w: Double, columnGap: Double, rowGap: Double) -> [Frame] {
        tiles.map { tile in
            let width = Double(tile.span) * w + Double(tile.span - 1) * columnGap
            return Frame(
                x: Double(tile.column) * (w + columnGap),
                y: tile.above.value * w + tile.gapsAbove.value * rowGap + tile.extraAbove,
                width: width,
                height: tile.ratio.value * width + tile.extraHeight)
        }
    }

    /// How much taller this frozen plan is than a fresh layout (same order) at
    /// column width `w`, in px (negative when the frozen plan happens to be shorter).
    public func drift(columnWidth w: Double, rowGap: Double) -> Double {
        let fresh = ColumnPlan(checked: items, columnCount: columnCount, referenceColumnWidth: w,
                               rowGap: rowGap, order: order)
        return contentHeight(columnWidth: w, rowGap: rowGap) - fresh.contentHeight(columnWidth: w, rowGap: rowGap)
    }
}

/// Why a responsive plan cannot be made.
public enum PlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Item `index` (0-based) covers more than one column.
    case spanningItem(index: Int)

    public var description: String {
        switch self {
        case .spanningItem(let index):
            return "item \(index + 1) spans several columns; a width-independent plan needs one-column tiles"
        }
    }
}
