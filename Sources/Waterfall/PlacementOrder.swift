/// How the next item chooses its columns.
public enum PlacementOrder: Sendable, Equatable, Hashable {
    /// The shortest column (for spans: the window of columns whose tallest is
    /// lowest); ties go to the leftmost. What CHTCollectionViewWaterfallLayout
    /// and the seed layouts do.
    case shortest
    /// Round-robin: item `i` of a section goes to column `i mod k` (a span that
    /// would not fit wraps to column 0). Keeps reading order, ignores balance.
    case leftToRight
    /// Round-robin from the right: the exact mirror of `leftToRight`
    /// (item `i` goes to column `k − 1 − i mod k`).
    case rightToLeft
    /// The CSS `grid-lanes` rule: among the windows whose top lies within
    /// `tolerance` px of the lowest possible top, the first at or after the
    /// column following the previous item (else the first). Tolerance 0 is
    /// `shortest` with reading-order ties; a huge tolerance is `leftToRight`.
    case lanes(tolerance: Double)
    /// `shortest`, except for a section's last `lookahead` items: those are
    /// still placed in order, each at the top of some column, but the columns
    /// are chosen by a bounded search that minimises the spread of the
    /// section's column bottoms (tallest − shortest), preferring the
    /// `shortest` choice on ties. Evens the ragged bottom `shortest` leaves
    /// (up to a tile's height) at the cost of a few tiles sitting lower than
    /// a later one.
    case balanced(lookahead: Int)

    /// The lookahead of `balanced` unless told otherwise: two rows of six
    /// columns. 8 evened three and four columns about as well but six
    /// columns hardly (`Benchmarks/layout-balance`).
    public static let defaultLookahead = 12

    /// The `normal` tolerance of CSS grid-lanes: 1em at the default 16 px font.
    public static let defaultTolerance: Double = 16
}
