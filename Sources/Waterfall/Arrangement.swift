/// The absolute layout of one or more sections at one container width: every
/// item's frame, every section's header and footer, and the content height.
///
/// Arithmetic (the reason output is bit-identical everywhere): every input
/// length is rounded once to 1/64 px (`FixedPoint`); the column width is
/// rounded *down* to 1/64 px; a tile's height is `ratio · width` rounded half
/// up to 1/64 px plus its extra height; all positions are sums of those
/// integers. No floating-point value is ever summed, so ties are exact and
/// every coordinate is a multiple of 1/64 px, printable exactly with at most
/// six decimals.
///
/// Storage is column-major (structure of arrays): a million items cost 12
/// bytes each (top and column). Heights are not stored: `frame(at:)` recomputes
/// a tile's height from its item with the same integer formula the placement
/// used, which is cheaper than writing (and reading back) 8 MB per million
/// items in the layout loop.
public struct Arrangement: Sendable {
    public internal(set) var containerWidth: Double = 0
    public internal(set) var sections: [SectionGeometry] = []
    /// Content height: the last section's bottom (0 when there are no sections).
    public internal(set) var contentHeight: Double = 0

    var input: [Section] = []
    var units: [SectionUnits] = []
    /// Per item (input order across sections): top in 1/64 px, first column.
    var tops: [Int64] = []
    var firstColumns: [Int32] = []

    /// Number of items.
    public var count: Int { tops.count }

    /// The first column item `index` covers.
    public func column(at index: Int) -> Int { Int(firstColumns[index]) }

    /// The first column of every item, in input order.
    public var columns: [Int] { firstColumns.map(Int.init) }

    /// The section item `index` belongs to.
    public func section(of index: Int) -> Int {
        var low = 0, high = units.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if units[middle].firstItem <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// How many columns item `index` covers.
    public func span(at index: Int) -> Int {
        let s = section(of: index)
        return input[s].items[index - units[s].firstItem].spanCount(in: units[s].columnCount)
    }

    /// The frame of item `index`, px.
    public func frame(at index: Int) -> Frame {
        let s = section(of: index)
        let u = units[s]
        let span = input[s].items[index - u.firstItem].spanCount(in: u.columnCount)
        return Frame(
            x: FixedPoint.toDouble(u.x(ofColumn: Int(firstColumns[index]))),
            y: FixedPoint.toDouble(tops[index]),
            width: FixedPoint.toDouble(u.width(span: span)),
            height: FixedPoint.toDouble(u.height(of: input[s].items[index - u.firstItem])))
    }

    /// Every item's frame, in input order.
    public var frames: [Frame] {
        var result: [Frame] = []
        result.reserveCapacity(count)
        for (s, u) in units.enumerated() {
            for (offset, item) in input[s].items.enumerated() {
                let index = u.firstItem + offset
                result.append(Frame(
                    x: FixedPoint.toDouble(u.x(ofColumn: Int(firstColumns[index]))),
                    y: FixedPoint.toDouble(tops[index]),
                    width: FixedPoint.toDouble(u.width(span: item.spanCount(in: u.columnCount))),
                    height: FixedPoint.toDouble(u.height(of: item))))
            }
        }
        return result
    }
}

/// A section's geometry in 1/64 px, as the engine computed it.
struct SectionUnits: Sendable {
    var firstItem: Int
    var columnCount: Int
    var columnWidth: Int64
    var columnGap: Int64
    var left: Int64

    func x(ofColumn column: Int) -> Int64 { left + Int64(column) * (columnWidth + columnGap) }
    func width(span: Int) -> Int64 { Int64(span) * columnWidth + Int64(span - 1) * columnGap }

    /// The height of `item`'s tile in this section, 1/64 px: the one formula
    /// every placement path uses, so recomputing it gives the placed height.
    func height(of item: Item) -> Int64 {
        tileHeight(ratio: item.clampedRatio, width: width(span: item.spanCount(in: columnCount)),
                   extra: FixedPoint.length(item.extraHeight))
    }
}
