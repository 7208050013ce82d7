/// A run of items with its own grid: column count, gaps, insets, header, footer
/// and placement order. Sections stack vertically; each starts below the
/// previous one's footer (that is, below its tallest column), with all columns level.
public struct Section: Sendable, Equatable {
    public var items: [Item]
    public var columns: ColumnCount
    /// Horizontal gap between columns, px.
    public var columnGap: Double
    /// Vertical gap between tiles in a column, px.
    public var rowGap: Double
    /// Space around the tiles (inside the header and footer), px.
    public var insets: Insets
    /// Drawn above the tiles when its height is > 0 (as in CHT).
    public var header: Band?
    /// Drawn below the tallest column when its height is > 0.
    public var footer: Band?
    public var order: PlacementOrder

    public init(items: [Item], columns: ColumnCount, columnGap: Double = 0, rowGap: Double = 0,
                insets: Insets = .zero, header: Band? = nil, footer: Band? = nil,
                order: PlacementOrder = .shortest) {
        self.items = items
        self.columns = columns
        self.columnGap = columnGap
        self.rowGap = rowGap
        self.insets = insets
        self.header = header
        self.footer = footer
        self.order = order
    }
}
