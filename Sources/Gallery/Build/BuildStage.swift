/// How long one stage of a build took, for `--verbose` and `--json`.
public struct BuildStage: Sendable, Equatable {
    /// `scan` (the tree, headers, details), `hash`, `pages` (rendered and
    /// checked as planned), `renditions`, `write` (final pages, originals,
    /// bookkeeping).
    public var name: String
    public var seconds: Double
}

/// Times a build's stages on the monotonic clock, one after another.
struct StageClock {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var stages: [BuildStage] = []

    init() { last = clock.now }

    /// Ends the stage `name`, which began where the previous one ended.
    mutating func end(_ name: String) {
        let now = clock.now
        let (seconds, attoseconds) = (now - last).components
        stages.append(BuildStage(name: name, seconds: Double(seconds) + Double(attoseconds) / 1e18))
        last = now
    }
}
