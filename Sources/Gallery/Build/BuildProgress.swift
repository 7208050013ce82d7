/// How far a build is, for a progress line: the stage and, where the stage
/// has countable work, how much of it is done. Reported from any thread.
public struct BuildProgress: Sendable, Equatable {
    /// `scan` (headers read), `pages` (rendered), `checks` (pages checked),
    /// `renditions` (photos encoded) or `write` (pages written).
    public var stage: String
    public var done: Int
    public var total: Int
}
