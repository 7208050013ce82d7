import Parallel
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ParallelWork.map: results")
struct ParallelMapTests {
    static let counts = [0, 1, 2, 3, 7, 64, 10_000]
    /// Zero and negative jobs mean one worker; 64 is more than most counts.
    static let jobs = [-2, 0, 1, 2, 3, 8, 64]

    @Test("Results come back in index order", arguments: counts, jobs)
    func inOrder(_ count: Int, _ jobs: Int) {
        let results = ParallelWork.map(count: count, jobs: jobs) { $0 * 3 + 1 }
        #expect(results == (0..<count).map { $0 * 3 + 1 })
    }

    @Test("Every index is passed to the body exactly once", arguments: counts, jobs)
    func eachIndexOnce(_ count: Int, _ jobs: Int) {
        let tally = CallTally()
        let echoed = ParallelWork.map(count: count, jobs: jobs) { index -> Int in
            tally.record(index)
            return index
        }
        // Slot i holds what body(i) returned, so every index ran at least
        // once; as many calls as items, so none ran twice.
        #expect(echoed == Array(0..<count))
        #expect(tally.count == count)
        #expect(tally.sum == count * (count - 1) / 2)
    }

    @Test("In runs, results come back in index order, each made once", arguments: counts, [1, 2, 5, 512, 20_000])
    func inRuns(_ count: Int, _ run: Int) {
        let tally = CallTally()
        // Strings and arrays hold references: moved into place, each must survive whole.
        let results = ParallelWork.map(count: count, run: run, jobs: 3) { index -> (String, [Int]) in
            tally.record(index)
            return ("item number \(index) of a long enough name", [index, index * 2])
        }
        #expect(results.map(\.0) == (0..<count).map { "item number \($0) of a long enough name" })
        #expect(results.map(\.1) == (0..<count).map { [$0, $0 * 2] })
        #expect(tally.count == count)
    }

    @Test("A negative count is no work")
    func negativeCount() {
        let results = ParallelWork.map(count: -4, jobs: 2) { $0 }
        #expect(results.isEmpty)
    }

    @Test("jobs: 1 (or a single item) runs in order on the calling thread",
          arguments: [(1000, 1), (1, 8)])
    func serialOnCaller(_ count: Int, _ jobs: Int) {
        let caller = pthread_self()
        let log = CallLog()
        _ = ParallelWork.map(count: count, jobs: jobs) { log.record($0) }
        #expect(log.indices == Array(0..<count))
        #expect(log.threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    @Test("Uneven work (a few items far slower) keeps every result in place", arguments: [1, 2, 4])
    func unevenWork(_ jobs: Int) {
        let count = 500
        let results = ParallelWork.map(count: count, jobs: jobs) { spin($0, rounds: Self.rounds($0)) }
        #expect(results == (0..<count).map { spin($0, rounds: Self.rounds($0)) })
    }

    /// Every 97th item is a thousand times the work of the others.
    static func rounds(_ index: Int) -> Int {
        index % 97 == 0 ? 200_000 : index % 5 * 100
    }

    @Test("Sleeping bodies of random length keep every result in place")
    func unevenSleeps() {
        let results = ParallelWork.map(count: 200, jobs: 4) { index -> String in
            pause(UInt32(index * 7919 % 13) * 100)
            return "item \(index)"
        }
        #expect(results == (0..<200).map { "item \($0)" })
    }

    @Test("processorCount is at least one")
    func processorCount() {
        #expect(ParallelWork.processorCount >= 1)
    }
}

@Suite("Collection.concurrentMap")
struct ConcurrentMapTests {
    @Test("Maps an array in order", arguments: [0, 1, 5, 10_000])
    func array(_ count: Int) {
        let input = (0..<count).map { "p\($0)" }
        #expect(input.concurrentMap { $0 + "!" } == input.map { $0 + "!" })
        #expect(input.concurrentMap(jobs: 1) { $0.utf8.count } == input.map { $0.utf8.count })
    }

    @Test("A slice keeps its own elements though its indices do not start at 0")
    func slice() {
        let input = Array(0..<100)
        let slice = input[40..<60]
        #expect(slice.concurrentMap(jobs: 3) { $0 * 2 } == slice.map { $0 * 2 })
    }

    @Test("A range maps like an array")
    func range() {
        #expect((10..<1010).concurrentMap(jobs: 4) { $0 - 10 } == Array(0..<1000))
    }
}
