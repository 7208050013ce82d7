import Parallel
import Testing

@Suite("ParallelWork.map: concurrency")
struct ParallelLimitTests {
    @Test("At most `jobs` bodies are in flight at once", arguments: [1, 2, 3, 5])
    func boundedByJobs(_ jobs: Int) {
        let inFlight = InFlight()
        let results = ParallelWork.map(count: 120, jobs: jobs) { index in
            inFlight.during {
                pause(300)
                return index
            }
        }
        #expect(results == Array(0..<120))
        #expect(inFlight.maximum >= 1)
        #expect(inFlight.maximum <= jobs)
    }

    /// Proves the limit test above measures something, whatever else the
    /// test run keeps busy: asked for more jobs than cores, every job gets a
    /// thread of its own, so sleeping bodies all overlap. (Up to one job per
    /// core, GCD's pool may run fewer at once when other tests hold it.)
    @Test("More jobs than cores really run at the same time")
    func moreJobsThanCoresRunAtOnce() {
        let jobs = ParallelWork.processorCount + 2
        let inFlight = InFlight()
        _ = ParallelWork.map(count: jobs * 40, jobs: jobs) { _ in inFlight.during { pause(5000) } }
        #expect(inFlight.maximum == jobs)
    }
}

@Suite("ParallelWork.map: stress")
struct ParallelStressTests {
    /// Many trivial items on many workers: the most contention on the
    /// shared state, where a race (or ThreadSanitizer's view of one) shows.
    @Test("100,000 trivial items on 8 workers, 20 times")
    func contention() {
        for round in 0..<20 {
            let results = ParallelWork.map(count: 100_000, jobs: 8) { $0 &+ round }
            #expect(results.count == 100_000 && results.last == 99_999 + round)
        }
    }
}
