import Waterfall

/// A range of gallery widths that shares one column count.
///
/// The page switches between these with `@container` queries on the gallery's
/// own width (not the viewport's), so a gallery embedded in a narrower layout
/// still picks the right count.
public struct Breakpoint: Sendable, Equatable {
    /// Number of columns from `minWidth` up to the next breakpoint.
    public var columns: Int
    /// Smallest container width, in CSS px, that uses this column count.
    public var minWidth: Double
    /// Largest container width this layout is designed for (the next breakpoint,
    /// or the widest screen Cascade designs for).
    var maxWidth: Double

    public init(columns: Int, minWidth: Double, maxWidth: Double) {
        self.columns = columns
        self.minWidth = minWidth
        self.maxWidth = maxWidth
    }

    /// The container width at which the column assignment is decided: the
    /// middle of the range, so the drift towards either edge is smallest.
    public var referenceWidth: Double { (minWidth + maxWidth) / 2 }
}

/// The geometry of the album grid: gap, breakpoints, the placement order and
/// when a wide photo spans columns. The stylesheet receives the same values,
/// so layout and CSS cannot disagree.
public struct GridGeometry: Sendable, Equatable {
    /// Gap between columns and between tiles in a column, in CSS px.
    public var gap: Double
    /// The page's horizontal padding on each side of the gallery, in CSS px:
    /// the gallery is the viewport minus twice this (used for `sizes`).
    public var padding: Double
    public var breakpoints: [Breakpoint]
    /// How each breakpoint's plan chooses columns (`--order`, `"order"`).
    public var order: PlacementOrder = GridOrder.standard.placement
    /// The flattest a tile may be, as height ÷ the width of *one* column: a
    /// photo flatter than this at one column spans the fewest columns that
    /// reach it, as many as the breakpoint has at most (see ``span(of:columns:)``).
    var minimumTileRatio = GridGeometry.defaultMinimumTileRatio

    public init(gap: Double, padding: Double = 12, breakpoints: [Breakpoint],
                order: PlacementOrder = GridOrder.standard.placement) {
        self.gap = gap
        self.padding = padding
        self.breakpoints = breakpoints
        self.order = order
    }

    /// One third: a 3:1 panorama still fits one column; a 1600×270 one
    /// (0.169) spans two, at the narrowest two columns (480 px) 81 px tall
    /// instead of 40, and a 6:1 spans two where three are available.
    static let defaultMinimumTileRatio = Ratio(millionths: 333_333)

    /// How many of `columns` columns a photo of height ÷ width `ratio`
    /// covers: the smallest `s` with `ratio · s ≥ minimumTileRatio`, at most
    /// `columns`. Ignoring the gaps a span also covers makes the rule
    /// independent of the width, so within a breakpoint every width agrees,
    /// and the tile is a little taller than the minimum, never shorter.
    public func span(of ratio: Ratio, columns: Int) -> Int {
        let r = max(ratio.millionths, 1)
        let needed = (minimumTileRatio.millionths + r - 1) / r
        return Int(min(max(needed, 1), Int64(max(columns, 1))))
    }

    /// One column under 480 px (phones), then a column per ~300–400 px of
    /// width, up to six on wide desktop screens. The widest design width is a
    /// 3840 px (4K) viewport.
    public static let standard = GridGeometry(gap: 8, breakpoints: [
        Breakpoint(columns: 1, minWidth: 0, maxWidth: 480),
        Breakpoint(columns: 2, minWidth: 480, maxWidth: 800),
        Breakpoint(columns: 3, minWidth: 800, maxWidth: 1200),
        Breakpoint(columns: 4, minWidth: 1200, maxWidth: 1600),
        Breakpoint(columns: 5, minWidth: 1600, maxWidth: 2200),
        Breakpoint(columns: 6, minWidth: 2200, maxWidth: 3840),
    ])

    /// The `sizes` attribute of a tile image: for every viewport width, a
    /// width never narrower than the tile's (so never a blurrier image),
    /// from the same breakpoints the `@container` rules use (the gallery
    /// spans the viewport minus its padding), widest first.
    ///
    /// Plain `vw` (⌈100 ÷ k⌉ vw), not the exact `calc()`: the exact form cost
    /// a throttled phone 20–45 % of its DOMContentLoaded time at 5,000 tiles
    /// and is 2.3× longer on every tile (`Benchmarks/large-album/RESULTS.md`);
    /// the overstatement is under 1 vw plus the padding and gaps.
    var sizesAttribute: String { sizes(spans: breakpoints.map { _ in 1 }) }

    /// ``sizesAttribute`` for a tile covering `spans[i]` columns at breakpoint `i`
    /// (⌈100 · span ÷ k⌉ vw).
    func sizes(spans: [Int]) -> String {
        var parts: [String] = []
        for (breakpoint, span) in zip(breakpoints, spans).sorted(by: { $0.0.minWidth > $1.0.minWidth }) {
            let k = breakpoint.columns
            let width = "\((100 * span + k - 1) / k)vw"
            if breakpoint.minWidth > 0 {
                parts.append("(min-width: \(PageModel.css(breakpoint.minWidth + 2 * padding))px) \(width)")
            } else {
                parts.append(width)
            }
        }
        return parts.joined(separator: ", ")
    }

    /// The `sizes` of a cover tile among `count` covers: at each breakpoint
    /// the covers take at most `count` columns (the stylesheet's `--km`), no
    /// column wider than ``AlbumCard/maxColumnWidth``, the tile no wider
    /// than `maxWidth` (``AlbumCard/maxWidth``).
    func coverSizes(count: Int, maxWidth: Int?) -> String {
        let cap = min(Int(AlbumCard.maxColumnWidth), maxWidth ?? .max)
        var parts: [String] = []
        for breakpoint in breakpoints.sorted(by: { $0.minWidth > $1.minWidth }) {
            let k = max(1, min(breakpoint.columns, count))
            let width = "min(\((100 + k - 1) / k)vw, \(cap)px)"
            parts.append(breakpoint.minWidth > 0
                         ? "(min-width: \(PageModel.css(breakpoint.minWidth + 2 * padding))px) \(width)" : width)
        }
        return parts.joined(separator: ", ")
    }

    /// Column width for `columns` columns in a container `width` wide.
    public func columnWidth(containerWidth width: Double, columns: Int) -> Double {
        max(0, (width - Double(columns - 1) * gap) / Double(columns))
    }
}
