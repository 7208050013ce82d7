import Testing
import MarkupCheck

@Suite("Performance")
struct PerformanceTests {
    /// Prints the time; the budget ("a few milliseconds" in release) is not asserted.
    @Test("A 1,000-tile page")
    func thousandTiles() {
        let page = TestPages.gallery(tiles: 1_000)
        #expect(MarkupCheck.check(page) == []) // warm-up and correctness
        let clock = ContinuousClock()
        let runs = 5
        var best = Duration.seconds(3600)
        for _ in 0..<runs {
            let elapsed = clock.measure { _ = MarkupCheck.check(page) }
            best = min(best, elapsed)
        }
        print("MarkupCheck: 1,000-tile page (\(page.utf8.count) bytes): best of \(runs) = \(best)")
    }
}
