/// One tile to place: its shape, an optional fixed band below the picture (a
/// caption), and how many columns it covers.
///
/// The tile's height for a width `x` is `ratio · x + extraHeight`, where `x` is
/// the width of the columns it covers (`span · w + (span − 1) · columnGap`).
public struct Item: Sendable, Equatable, Hashable {
    /// Height ÷ width of the picture. The engine uses it clamped to
    /// `0.000001…1000` (see `Item.ratioRange`) so no input can overflow.
    public var ratio: Ratio
    /// A fixed height added below the picture at every width (caption band, border), px.
    public var extraHeight: Double
    /// Columns covered: 0 = full width, else 1…Int32.max (kept as Int32 so an
    /// item is 24 bytes, which the million-item loop reads faster).
    var spanCode: Int32

    /// How many columns the tile covers.
    public var span: Span {
        get { spanCode == 0 ? .fullWidth : .columns(Int(spanCode)) }
        set {
            switch newValue {
            case .fullWidth: spanCode = 0
            case .columns(let n): spanCode = Int32(min(max(n, 1), Int(Int32.max)))
            }
        }
    }

    public init(ratio: Ratio, extraHeight: Double = 0, span: Span = .columns(1)) {
        self.ratio = ratio
        self.extraHeight = extraHeight
        self.spanCode = 1
        self.span = span
    }

    /// Columns covered in a section of `columnCount` columns.
    @inline(__always)
    func spanCount(in columnCount: Int) -> Int {
        spanCode == 0 ? columnCount : min(Int(spanCode), columnCount)
    }

    /// An item `width` × `height` pixels (display size), e.g. a photo.
    public init(width: Int, height: Int, extraHeight: Double = 0, span: Span = .columns(1)) {
        self.init(ratio: Ratio(width: width, height: height), extraHeight: extraHeight, span: span)
    }

    /// Ratios the engine accepts, in millionths: 1:1,000,000 panoramas to 1000:1 strips.
    public static let ratioRange: ClosedRange<Int64> = 1...1_000_000_000

    var clampedRatio: Int64 { min(max(ratio.millionths, Self.ratioRange.lowerBound), Self.ratioRange.upperBound) }
}

/// How many columns an item covers.
public enum Span: Sendable, Equatable, Hashable {
    /// `n` columns (clamped to `1…k` in a section of `k` columns).
    case columns(Int)
    /// The whole width of the section; starts below the tallest column.
    case fullWidth

    /// The number of columns covered in a section of `columnCount` columns.
    func count(in columnCount: Int) -> Int {
        switch self {
        case .fullWidth: return columnCount
        case .columns(let n): return min(max(n, 1), columnCount)
        }
    }
}
