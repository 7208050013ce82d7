import Foundation
import Synchronization

/// Stamps the output folder on another thread and says whether it is as
/// the last build's snapshot recorded it (``Site/build(_:warn:progress:)``).
final class OutputStampCheck: Sendable {
    private let group = DispatchGroup()
    private let started = Atomic<Bool>(false)
    /// The output's folders' stamps, when the whole matched.
    private let stamps = Mutex<[String: TreeStamp]?>(nil)

    func start(_ root: URL, expecting stamp: TreeStamp) {
        started.store(true, ordering: .relaxed)
        DispatchQueue.global().async(group: group) { [self] in
            let found = BuildSnapshot.outputStamps(root)
            stamps.withLock { $0 = found?.stamp == stamp ? found?.folders : nil }
        }
    }

    /// Waits for the stamp: the stamps of the output's folders when it is
    /// untouched, nil when it is not or none was started.
    func untouched() -> [String: TreeStamp]? {
        guard started.load(ordering: .relaxed) else { return nil }
        group.wait()
        return stamps.withLock { $0 }
    }
}
