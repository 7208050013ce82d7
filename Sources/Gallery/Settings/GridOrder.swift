import Waterfall

/// How the album pages' grids fill their columns: the choices `--order` and
/// `cascade.json`'s `"order"` offer (the engine's other orders suit a
/// photo gallery less: round-robin ignores balance).
public enum GridOrder: String, Sendable, Equatable, CaseIterable {
    /// Each photo into the shortest column (ties leftmost).
    case shortest
    /// `shortest`, then the last photos of each grid placed to even the
    /// columns' bottoms (``PlacementOrder/balanced(lookahead:)``).
    case balanced

    /// The order a build uses unless told otherwise: on 50 real photo sets
    /// `balanced` cut the median ragged bottom by 70 % at three columns
    /// (1024 px), 55 % at four (1440 px) and 30 % at six (2560, 3840 px),
    /// moving only each grid's last 12 tiles, for about a quarter of a
    /// millisecond per grid and column count (`Benchmarks/layout-balance/run.sh`).
    public static let standard = GridOrder.balanced

    /// What a usage or settings error says is allowed.
    static let expected = "\"shortest\" or \"balanced\""

    /// The engine's order.
    public var placement: PlacementOrder {
        switch self {
        case .shortest: .shortest
        case .balanced: .balanced(lookahead: PlacementOrder.defaultLookahead)
        }
    }
}
