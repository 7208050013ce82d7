/// The one word a user probably meant when they typed a command or option
/// Cascade does not know. Pure.
public enum Suggestion {
    /// The farthest a typo may be from what was meant.
    static let maxDistance = 2

    /// The candidate `typed` is a unique prefix of (`bu` → `build`), else the
    /// single nearest candidate at most ``maxDistance`` edits away that is not
    /// all typo (fewer edits than half of `typed`'s letters); nil when nothing
    /// is close, two candidates are equally close, or `typed` is one of them.
    public static func closest(to typed: String, among candidates: [String]) -> String? {
        guard !typed.isEmpty, !candidates.contains(typed) else { return nil }
        let prefixed = Set(candidates.filter { $0.hasPrefix(typed) && $0 != typed })
        if prefixed.count == 1, typed.trimmingDashes.count >= 2 { return prefixed.first }
        let letters = typed.trimmingDashes.count
        let scored = Set(candidates).map { (name: $0, distance: EditDistance.between(typed, $0)) }
            .filter { $0.distance <= maxDistance && $0.distance * 2 < letters }
        guard let best = scored.map(\.distance).min() else { return nil }
        let nearest = scored.filter { $0.distance == best }
        return nearest.count == 1 ? nearest[0].name : nil
    }
}

private extension String {
    /// The word without its leading `-` or `--`.
    var trimmingDashes: Substring { drop { $0 == "-" } }
}
