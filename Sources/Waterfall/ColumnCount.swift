/// How many columns a section has.
public enum ColumnCount: Sendable, Equatable, Hashable {
    /// Exactly `n` columns (at least 1).
    case fixed(Int)
    /// As many columns as fit with each at least `minimumWidth` px wide
    /// (`floor((room + gap) / (minimumWidth + gap))`, at least 1) — CSS
    /// `repeat(auto-fill, minmax(minimumWidth, 1fr))`.
    case minimumWidth(Double)

    /// The count for `room` px of width between the section's insets.
    public func resolve(room: Double, columnGap: Double) -> Int {
        switch self {
        case .fixed(let n):
            return min(max(n, 1), Self.maximum)
        case .minimumWidth(let minimum):
            let gap = FixedPoint.length(columnGap)
            let each = FixedPoint.length(minimum) + gap
            guard each > 0 else { return 1 }
            let fits = (FixedPoint.length(room) + gap) / each
            return Int(min(max(fits, 1), Int64(Self.maximum)))
        }
    }

    /// More columns than any screen can show; bounds the per-section work.
    public static let maximum = 1024
}
