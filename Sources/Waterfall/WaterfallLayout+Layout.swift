/// The frames of every item and the height of the whole layout.
public struct Layout: Sendable, Equatable {
    /// One frame per item, in item order.
    public var frames: [Frame]
    /// The column each item went into, in item order.
    public var columns: [Int]
    /// Tallest column plus the bottom inset (top inset alone when there are no items).
    public var contentHeight: Double
}

extension WaterfallLayout {
    /// Lays out items of the given aspect ratios (width ÷ height) in a container
    /// `containerWidth` wide: each item goes into the shortest column, ties to the
    /// leftmost, exactly as the seed layouts' `prepareLayout` does.
    ///
    /// A single-section `Arrangement` (see there for the arithmetic): `y` values
    /// are exact multiples of 1/64 and identical on every machine. Aspect ratios
    /// that are not finite and positive are treated as square rather than trapping.
    public func layout(aspectRatios: [Double], containerWidth: Double) -> Layout {
        let items = aspectRatios.map { Item(ratio: Self.ratio(aspect: $0)) }
        let arrangement = Arrangement(sections: [section(items)], containerWidth: containerWidth)
        return Layout(frames: arrangement.frames, columns: arrangement.columns,
                      contentHeight: arrangement.contentHeight)
    }

    /// This layout's geometry as one section holding `items`.
    public func section(_ items: [Item], order: PlacementOrder = .shortest) -> Section {
        Section(items: items, columns: .fixed(columnCount), columnGap: columnGap, rowGap: rowGap,
                insets: insets, order: order)
    }

    /// Height ÷ width in millionths for an aspect (width ÷ height); nonsense becomes square.
    static func ratio(aspect: Double) -> Ratio {
        guard aspect.isFinite, aspect > 0 else { return Ratio(millionths: Ratio.unit) }
        let millionths = (1_000_000 / aspect).rounded()
        let clamped = min(max(millionths, Double(Item.ratioRange.lowerBound)), Double(Item.ratioRange.upperBound))
        return Ratio(millionths: Int64(clamped))
    }

    /// Index of the shortest column; ties go to the leftmost.
    static func shortest<T: Comparable>(_ heights: [T]) -> Int {
        var best = 0
        for index in heights.indices.dropFirst() where heights[index] < heights[best] {
            best = index
        }
        return best
    }
}
