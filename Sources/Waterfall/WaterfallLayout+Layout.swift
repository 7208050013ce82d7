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
    /// Tile heights are rounded once to 1/64 px (see `FixedPoint`), so `y` values
    /// are exact multiples of 1/64 and identical on every machine. Aspect ratios
    /// that are not finite and positive are treated as square rather than trapping.
    public func layout(aspectRatios: [Double], containerWidth: Double) -> Layout {
        let width = columnWidth(containerWidth: containerWidth)
        let gap = FixedPoint.from(rowGap)
        let top = FixedPoint.from(insets.top)
        var bottoms = [Int64](repeating: top, count: columnCount)  // next free y per column
        var used = [Bool](repeating: false, count: columnCount)
        var frames: [Frame] = []
        var columns: [Int] = []
        frames.reserveCapacity(aspectRatios.count)
        columns.reserveCapacity(aspectRatios.count)

        for aspect in aspectRatios {
            let column = Self.shortest(bottoms)
            let height = FixedPoint.from(width / Self.sanitized(aspect))
            let y = used[column] ? bottoms[column] + gap : bottoms[column]
            frames.append(Frame(
                x: x(ofColumn: column, columnWidth: width),
                y: FixedPoint.toDouble(y),
                width: width,
                height: FixedPoint.toDouble(height)))
            columns.append(column)
            bottoms[column] = y + height
            used[column] = true
        }
        // A column's bottom already excludes a trailing row gap, so the tallest
        // bottom plus the bottom inset is the content height.
        let tallest = bottoms.max() ?? top
        return Layout(
            frames: frames,
            columns: columns,
            contentHeight: FixedPoint.toDouble(tallest) + insets.bottom)
    }

    /// Index of the shortest column; ties go to the leftmost.
    static func shortest<T: Comparable>(_ heights: [T]) -> Int {
        var best = 0
        for index in heights.indices.dropFirst() where heights[index] < heights[best] {
            best = index
        }
        return best
    }

    static func sanitized(_ aspect: Double) -> Double {
        aspect.isFinite && aspect > 0 ? aspect : 1
    }
}
