import Dispatch
import Parallel
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ``Pending``: work started now on another thread, its value taken once.
@Suite("Pending")
struct PendingTests {
    @Test("The work runs on another thread while the caller goes on, and its value is handed over once")
    func runsBesideAndHandsOverOnce() {
        let release = DispatchSemaphore(value: 0)
        let started = Atomic<Bool>(false)
        let pending = Pending { () -> [Int] in
            started.store(true, ordering: .relaxed)
            // Waits for the caller: it could not finish if it ran on the caller's thread.
            release.wait()
            return Array(0..<1_000)
        }
        while !started.load(ordering: .relaxed) { usleep(100) }
        release.signal()
        #expect(pending.take() == Array(0..<1_000))
        #expect(pending.take() == nil)
    }

    @Test("Taking waits for work still running")
    func takeWaits() {
        let pending = Pending { () -> Int in
            usleep(20_000)
            return 42
        }
        #expect(pending.take() == 42)
    }
}
