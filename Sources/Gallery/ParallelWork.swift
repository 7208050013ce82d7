import Dispatch
import Foundation

/// Runs independent pieces of work on a fixed number of threads.
///
/// Each worker takes the next index until none is left, so a slow photo does
/// not hold up a whole share of the others, and at most `jobs` pieces are in
/// flight — which bounds memory (one decoded image per job).
enum ParallelWork {
    static func run<Result: Sendable>(count: Int, jobs: Int,
                                      _ body: @Sendable (Int) -> Result) -> [Result?] {
        let state = State<Result>(count: count)
        let workers = max(1, min(jobs, count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = state.next() {
                state.store(body(index), at: index)
            }
        }
        return state.results
    }

    /// The shared counter and result slots; every access holds the lock.
    private final class State<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var cursor = 0
        private let count: Int
        private var slots: [Result?]

        init(count: Int) {
            self.count = count
            self.slots = Array(repeating: nil, count: count)
        }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard cursor < count else { return nil }
            cursor += 1
            return cursor - 1
        }

        func store(_ result: Result, at index: Int) {
            lock.lock()
            slots[index] = result
            lock.unlock()
        }

        var results: [Result?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
