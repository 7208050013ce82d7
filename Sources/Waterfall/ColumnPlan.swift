/// Where one tile sits for a fixed column count, at *any* column width `w`:
///
///     left = column · (w + columnGap)
///     top  = above · w + rowsAbove · rowGap
///     height = ratio · w
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
}

/// One column's total stack, for the container height.
public struct ColumnStack: Sendable, Equatable, Hashable {
    /// Sum of the ratios of every tile in the column.
    public var ratios: Ratio
    /// Number of tiles in the column.
    public var count: Int

    /// The column's height at column width `w` with `rowGap` between its tiles.
    public func height(columnWidth w: Double, rowGap: Double) -> Double {
        count == 0 ? 0 : ratios.value * w + Double(count - 1) * rowGap
    }
}

/// The column assignment for one column count, expressed as coefficients that
/// are linear in the column width so a stylesheet can place every tile exactly
/// at any container width without script.
///
/// The assignment is the shortest-column greedy evaluated at one reference
/// column width, then frozen: within a column the tiles form a stack, so the
/// plan never overlaps at any width, and the balance drifts only slowly as the
/// real width moves away from the reference (see `drift`).
public struct ColumnPlan: Sendable, Equatable {
    public var columnCount: Int
    public var tiles: [PlacedTile]
    public var columns: [ColumnStack]

    /// Builds the plan for items of the given height ÷ width ratios.
    ///
    /// - Parameters:
    ///   - referenceColumnWidth: the column width at which "shortest" is decided;
    ///     choose the middle of the widths this column count is used for.
    ///   - rowGap: the vertical gap between tiles, in px.
    public init(ratios: [Ratio], columnCount: Int, referenceColumnWidth: Double, rowGap: Double) {
        precondition(columnCount >= 1, "a plan needs at least one column")
        self.columnCount = columnCount
        var stacks = [ColumnStack](repeating: ColumnStack(ratios: .zero, count: 0), count: columnCount)
        var tiles: [PlacedTile] = []
        tiles.reserveCapacity(ratios.count)
        // Heights are compared in 1/64 px like the absolute layout, so equal
        // stacks tie exactly and ties go to the leftmost column.
        var bottoms = [Int64](repeating: 0, count: columnCount)
        for ratio in ratios {
            let column = WaterfallLayout.shortest(bottoms)
            let stack = stacks[column]
            tiles.append(PlacedTile(column: column, above: stack.ratios, rowsAbove: stack.count, ratio: ratio))
            stacks[column] = ColumnStack(ratios: stack.ratios + ratio, count: stack.count + 1)
            bottoms[column] = FixedPoint.from(
                stacks[column].ratios.value * referenceColumnWidth + Double(stack.count + 1) * rowGap)
        }
        self.tiles = tiles
        self.columns = stacks
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
                y: tile.above.value * w + Double(tile.rowsAbove) * rowGap,
                width: w,
                height: tile.ratio.value * w)
        }
    }

    /// How much taller this frozen plan is than a fresh greedy layout at column
    /// width `w`, in px (negative when the frozen plan happens to be shorter).
    public func drift(columnWidth w: Double, rowGap: Double) -> Double {
        let fresh = ColumnPlan(ratios: tiles.map(\.ratio), columnCount: columnCount,
                               referenceColumnWidth: w, rowGap: rowGap)
        return contentHeight(columnWidth: w, rowGap: rowGap) - fresh.contentHeight(columnWidth: w, rowGap: rowGap)
    }
}
