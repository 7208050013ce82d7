import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many bodies ran and the sum of the indices they were given.
///
/// Atomics, not a `Mutex`: on Linux a contended `Mutex` is acquired by the
/// kernel (`FUTEX_LOCK_PI`) inside the uninstrumented standard library, so
/// ThreadSanitizer cannot see the lock and reports the data it guards as
/// racing. Together with results that echo their index, a call count equal
/// to the item count proves each index ran exactly once.
final class CallTally: Sendable {
    private let calls = Atomic<Int>(0)
    private let indexSum = Atomic<Int>(0)

    func record(_ index: Int) {
        calls.wrappingAdd(1, ordering: .relaxed)
        indexSum.wrappingAdd(index, ordering: .relaxed)
    }

    var count: Int { calls.load(ordering: .relaxed) }
    var sum: Int { indexSum.load(ordering: .relaxed) }
}

/// The order bodies ran in and the thread each ran on.
final class CallLog: Sendable {
    private let entries = Mutex<[(index: Int, thread: pthread_t)]>([])

    func record(_ index: Int) {
        let thread = pthread_self()
        entries.withLock { $0.append((index, thread)) }
    }

    var indices: [Int] { entries.withLock { $0.map(\.index) } }
    var threads: [pthread_t] { entries.withLock { $0.map(\.thread) } }
}

/// Bodies in flight now and the most there ever were at once.
final class InFlight: Sendable {
    private let current = Atomic<Int>(0)
    private let highest = Atomic<Int>(0)

    /// Runs `body` counted as in flight.
    func during<T>(_ body: () -> T) -> T {
        let now = current.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        var seen = highest.load(ordering: .relaxed)
        while now > seen {
            let (exchanged, original) = highest.compareExchange(expected: seen, desired: now, ordering: .relaxed)
            if exchanged { break }
            seen = original
        }
        defer { current.wrappingSubtract(1, ordering: .acquiringAndReleasing) }
        return body()
    }

    var maximum: Int { highest.load(ordering: .relaxed) }
}

/// Sleeps `microseconds` so other workers get to run meanwhile.
func pause(_ microseconds: UInt32) {
    usleep(microseconds)
}

/// Deterministic CPU work that the optimizer cannot drop: `rounds` steps of
/// a linear congruential generator seeded with `seed`.
func spin(_ seed: Int, rounds: Int) -> UInt64 {
    var state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15
    for _ in 0..<rounds { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return state
}
