/// Where one tile sits for a fixed column count, at *any* column width `w`:
///
///     left   = column · (w + columnGap)
///     top    = above · w + rowsAbove · rowGap + extraAbove
///     height = ratio · w + extraHeight
///
/// (measured from the grid's top-left corner; insets are the page's padding).
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
}

/// One column's total stack, for the container height.
public struct ColumnStack: Sendable, Equatable, Hashable {
    /// Sum of the ratios of every tile in the column.
    public var ratios: Ratio
    /// Number of tiles in the column.
    public var count: Int
    /// Sum of the fixed extra heights of every tile in the column, px.
    public var extra: Double = 0

    /// The column's height at column width `w` with `rowGap` between its tiles.
    public func height(columnWidth w: Double, rowGap: Double) -> Double {
        count == 0 ? 0 : ratios.value * w + extra + Double(count - 1) * rowGap
    }
}

/// The column assignment for one column count, expressed as coefficients that
/// are linear in the column width so a stylesheet can place every tile exactly
/// at any container width without script.
///
/// The assignment is the placement order evaluated at one reference column
/// width (with the absolute engine's 1/64 px arithmetic, so it equals
/// `Arrangement` there), then frozen: within a column the tiles form a stack,
/// so the plan never overlaps at any width, and the balance drifts only slowly
/// as the real width moves away from the reference (see `drift`).
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

    /// Builds the plan for one-column items (ratio plus optional caption band) in `order`.
    ///
    /// A frozen plan can only express tiles one column wide: a spanning tile's
    /// top would be the `max()` of several columns, which is not linear in `w`.
    /// - Throws: `PlanError.spanningItem` naming the first item that spans.
    public init(items: [Item], columnCount: Int, referenceColumnWidth: Double, rowGap: Double,
                order: PlacementOrder = .shortest) throws(PlanError) {
        if let index = items.firstIndex(where: { $0.spanCode != 1 }) {
            throw PlanError.spanningItem(index: index)
        }
        self.init(checked: items, columnCount: columnCount, referenceColumnWidth: referenceColumnWidth,
                  rowGap: rowGap, order: order)
    }

    init(checked items: [Item], columnCount: Int, referenceColumnWidth: Double, rowGap: Double,
         order: PlacementOrder) {
        let k = min(max(columnCount, 1), ColumnCount.maximum)
        self.columnCount = k
        self.order = order
        let width = FixedPoint.lengthDown(referenceColumnWidth)
        var placer = Placer(columnCount: k, order: order, rowGap: FixedPoint.length(rowGap), top: 0)
        var ratioSums = [Int64](repeating: 0, count: k)
        var extraSums = [Int64](repeating: 0, count: k)
        var counts = [Int](repeating: 0, count: k)
        var tiles: [PlacedTile] = []
        tiles.reserveCapacity(items.count)
        for item in items {
            let ratio = item.clampedRatio
            let extra = FixedPoint.length(item.extraHeight)
            let (column, _) = placer.place(span: 1, height: tileHeight(ratio: ratio, width: width, extra: extra))
            tiles.append(PlacedTile(
                column: column, above: Ratio(millionths: ratioSums[column]), rowsAbove: counts[column],
                ratio: Ratio(millionths: ratio), extraAbove: FixedPoint.toDouble(extraSums[column]),
                extraHeight: FixedPoint.toDouble(extra)))
            ratioSums[column] += ratio
            extraSums[column] += extra
            counts[column] += 1
        }
        self.tiles = tiles
        self.columns = (0..<k).map {
            ColumnStack(ratios: Ratio(millionths: ratioSums[$0]), count: counts[$0],
                        extra: FixedPoint.toDouble(extraSums[$0]))
        }
    }

    /// The items this plan places (clamped ratios and extra heights).
    public var items: [Item] {
        tiles.map { Item(ratio: $0.ratio, extraHeight: $0.extraHeight) }
    }

    /// The content height (without insets) at column width `w`.
    public func contentHeight(columnWidth w: Double, rowGap: Double) -> Double {
        columns.map { $0.height(columnWidth: w, rowGap: rowGap) }.max() ?? 0
    }

    /// The frames this plan gives at column width `w` (grid origin at 0,0).
    public func frames(columnWidth w: Double, columnGap: Double, rowGap: Double) -> [Frame] {
        tiles.map { tile in
            Frame(
                x: Double(tile.column) * (w + columnGap),
                y: tile.above.value * w + Double(tile.rowsAbove) * rowGap + tile.extraAbove,
                width: w,
                height: tile.ratio.value * w + tile.extraHeight)
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
