/// The settings of a waterfall (masonry) layout: the geometry every tile shares.
///
/// This is the model of the iOS `UICollectionViewLayout` waterfall: a fixed number
/// of equally wide columns separated by `columnGap`, tiles in a column separated
/// by `rowGap`, and `insets` around everything.
public struct WaterfallLayout: Sendable, Equatable {
    public var columnCount: Int
    public var columnGap: Double
    public var rowGap: Double
    public var insets: Insets

    /// - Precondition: `columnCount >= 1`, gaps `>= 0`.
    public init(columnCount: Int, columnGap: Double = 0, rowGap: Double = 0, insets: Insets = .zero) {
        precondition(columnCount >= 1, "a waterfall needs at least one column")
        precondition(columnGap >= 0 && rowGap >= 0, "gaps cannot be negative")
        self.columnCount = columnCount
        self.columnGap = columnGap
        self.rowGap = rowGap
        self.insets = insets
    }

    /// The width of one column for a container `containerWidth` wide.
    ///
    /// `(W − left − right − (k − 1)·gap) / k`, never negative.
    public func columnWidth(containerWidth: Double) -> Double {
        let k = Double(columnCount)
        let available = containerWidth - insets.left - insets.right - (k - 1) * columnGap
        return max(0, available / k)
    }

    /// The left edge of `column`.
    public func x(ofColumn column: Int, columnWidth: Double) -> Double {
        insets.left + Double(column) * (columnWidth + columnGap)
    }
}
