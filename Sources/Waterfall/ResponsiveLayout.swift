/// A range of container widths that shares one column count.
public struct WidthRange: Sendable, Equatable, Hashable {
    public var columns: Int
    /// Narrowest container width using this count, px.
    public var minimumWidth: Double
    /// Widest container width using this count, px.
    public var maximumWidth: Double

    public init(columns: Int, minimumWidth: Double, maximumWidth: Double) {
        self.columns = columns
        self.minimumWidth = minimumWidth
        self.maximumWidth = maximumWidth
    }

    /// The middle of the range: the assignment is decided there so the drift
    /// towards either edge is smallest.
    public var referenceWidth: Double { (minimumWidth + maximumWidth) / 2 }
}

/// How far a frozen plan's balance is from a fresh layout at one container width.
public struct Drift: Sendable, Equatable, Hashable {
    public var containerWidth: Double
    /// Frozen content height − fresh content height, px (≥ 0 means the frozen plan is taller).
    public var height: Double
    /// Tiles whose column differs from the fresh layout's.
    public var moved: Int
}

/// One column count's responsive output: the frozen plan and its drift at the
/// two edges of its width range.
public struct ResponsiveColumns: Sendable, Equatable {
    public var range: WidthRange
    public var plan: ColumnPlan
    public var atMinimum: Drift
    public var atMaximum: Drift
}

/// Responsive output for a whole gallery: for each column count, a column
/// assignment plus per-tile coefficients so that at container width `W`
///
///     w   = (W − left − right − (k − 1)·columnGap) / k
///     top = S·w + n·rowGap + C + insets.top          (PlacedTile: above, rowsAbove, extraAbove)
///
/// is exact at every `W` of the range, with the drift reported at its edges.
public struct ResponsiveLayout: Sendable, Equatable {
    public var columnGap: Double
    public var rowGap: Double
    public var insets: Insets
    public var plans: [ResponsiveColumns]

    /// - Throws: `PlanError.spanningItem` for an item wider than one column.
    public init(items: [Item], ranges: [WidthRange], columnGap: Double, rowGap: Double,
                insets: Insets = .zero, order: PlacementOrder = .shortest) throws(PlanError) {
        if let index = items.firstIndex(where: { $0.spanCode != 1 }) {
            throw PlanError.spanningItem(index: index)
        }
        self.columnGap = columnGap
        self.rowGap = rowGap
        self.insets = insets
        var plans: [ResponsiveColumns] = []
        for range in ranges {
            let reference = Self.columnWidth(range.referenceWidth, range.columns, columnGap, insets)
            let plan = ColumnPlan(checked: items, columnCount: range.columns,
                                  referenceColumnWidth: reference, rowGap: rowGap, order: order)
            plans.append(ResponsiveColumns(
                range: range, plan: plan,
                atMinimum: Self.drift(plan, items, containerWidth: range.minimumWidth, columnGap, rowGap, insets),
                atMaximum: Self.drift(plan, items, containerWidth: range.maximumWidth, columnGap, rowGap, insets)))
        }
        self.plans = plans
    }

    /// The column width of `k` columns in a container `width` px wide.
    public static func columnWidth(_ width: Double, _ k: Int, _ gap: Double, _ insets: Insets) -> Double {
        let k = Double(max(k, 1))
        return max(0, (width - insets.left - insets.right - (k - 1) * gap) / k)
    }

    static func drift(_ plan: ColumnPlan, _ items: [Item], containerWidth: Double,
                      _ columnGap: Double, _ rowGap: Double, _ insets: Insets) -> Drift {
        let w = columnWidth(containerWidth, plan.columnCount, columnGap, insets)
        let fresh = FreshColumns(items: items, columnCount: plan.columnCount, columnWidth: w,
                                 rowGap: rowGap, order: plan.order)
        var moved = 0
        for (tile, column) in zip(plan.tiles, fresh.columns) where tile.column != Int(column) { moved += 1 }
        let frozen = plan.contentHeight(columnWidth: w, rowGap: rowGap)
        let freshHeight = fresh.stacks.map { $0.height(columnWidth: w, rowGap: rowGap) }.max() ?? 0
        return Drift(containerWidth: containerWidth, height: frozen - freshHeight, moved: moved)
    }
}

/// A fresh assignment at one width, keeping only what the drift report needs.
struct FreshColumns {
    var columns: [Int32]
    var stacks: [ColumnStack]

    init(items: [Item], columnCount: Int, columnWidth: Double, rowGap: Double, order: PlacementOrder) {
        let k = min(max(columnCount, 1), ColumnCount.maximum)
        let width = FixedPoint.lengthDown(columnWidth)
        var placer = Placer(columnCount: k, order: order, rowGap: FixedPoint.length(rowGap), top: 0)
        var ratioSums = [Int64](repeating: 0, count: k)
        var extraSums = [Int64](repeating: 0, count: k)
        var counts = [Int](repeating: 0, count: k)
        var columns = [Int32](repeating: 0, count: items.count)
        let heights = items.map { tileHeight(ratio: $0.clampedRatio, width: width, extra: FixedPoint.length($0.extraHeight)) }
        placer.placeAll(heights: heights, spans: [Int](repeating: 1, count: items.count)) { index, column, _ in
            let item = items[index]
            let ratio = item.clampedRatio
            let extra = FixedPoint.length(item.extraHeight)
            columns[index] = Int32(column)
            ratioSums[column] += ratio
            extraSums[column] += extra
            counts[column] += 1
        }
        self.columns = columns
        stacks = (0..<k).map {
            ColumnStack(ratios: Ratio(millionths: ratioSums[$0]), count: counts[$0],
                        extra: FixedPoint.toDouble(extraSums[$0]))
        }
    }
}
