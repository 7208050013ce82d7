import Dispatch
import Synchronization

/// Work started on another thread now, its value taken later, once: for
/// a stage whose input is ready long before the stage that needs it runs
/// (a build reads the last build's bookkeeping while it scans the album,
/// and stamps its output while it writes its report).
public final class Pending<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let value = Mutex<Value?>(nil)

    /// Starts `work` on another thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in
            let made = work()
            value.withLock { $0 = made }
        }
    }

    /// Waits for the work and hands its value over: nil once taken.
    public func take() -> Value? {
        group.wait()
        return value.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
