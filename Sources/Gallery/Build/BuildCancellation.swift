import Synchronization

/// A request to stop a build, made from another thread (the executable's
/// SIGINT or SIGTERM handler) and consulted by the build between photos and
/// between files.
///
/// A stopped build throws ``BuildError/stopped(signal:)``: renditions being
/// made finish and are kept (every file is written whole, through a rename,
/// and was recorded as Cascade's first), nothing new is started, the output
/// lock is released. The folder is then what a build killed at that moment
/// would leave, minus temporary files, and the next build carries on.
public final class BuildCancellation: Sendable {
    /// The signal that asked, 0 while nothing has.
    private let requested = Atomic<Int32>(0)

    public init() {}

    /// Asks the build to stop; `signal` is said in the error (any non-zero
    /// number; the first request wins).
    public func cancel(signal: Int32) {
        _ = requested.compareExchange(expected: 0, desired: max(1, signal), ordering: .relaxed)
    }

    /// Whether a stop was asked for.
    public var isCancelled: Bool { requested.load(ordering: .relaxed) != 0 }

    /// Throws ``BuildError/stopped(signal:)`` if a stop was asked for.
    func check() throws(BuildError) {
        let signal = requested.load(ordering: .relaxed)
        if signal != 0 { throw .stopped(signal: signal) }
    }
}
