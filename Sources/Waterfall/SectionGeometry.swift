/// Where one section of an `Arrangement` ended up.
public struct SectionGeometry: Sendable, Equatable {
    /// Items of this section, as indices into the arrangement (input order across sections).
    public var items: Range<Int>
    public var columnCount: Int
    /// The width of one column, px (a multiple of 1/64, rounded down so the
    /// columns never exceed the room between the insets).
    public var columnWidth: Double
    public var columnGap: Double
    public var rowGap: Double
    /// The left edge of column 0.
    public var left: Double
    /// Top of the section (above the header's top inset).
    public var top: Double
    /// Where the columns start (below the header and the top inset).
    public var columnsTop: Double
    /// Bottom of the section (below the footer's bottom inset); the next section starts here.
    public var bottom: Double
    public var header: Frame?
    public var footer: Frame?

    /// The left edge of `column`.
    public func x(ofColumn column: Int) -> Double {
        left + Double(column) * (columnWidth + columnGap)
    }

    /// The width of a tile covering `span` columns.
    public func width(span: Int) -> Double {
        Double(span) * columnWidth + Double(span - 1) * columnGap
    }
}
