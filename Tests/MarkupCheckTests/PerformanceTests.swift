import Testing
import MarkupCheck

@Suite("Performance")
struct PerformanceTests {
    /// Prints the time and asserts a budget generous enough for debug and
    /// sanitizer builds on a busy machine (release checks the page in about
    /// 12 ms); `template-benchmark` measures the real figure.
    @Test("A 1,000-tile page")
    func thousandTiles() {
        let page = TestPages.gallery(tiles: 1_000)
        #expect(page.utf8.count > 500_000)
        #expect(PageCheck.check(page) == []) // warm-up and correctness
        let clock = ContinuousClock()
        let runs = 5
        var best = Duration.seconds(3600)
        for _ in 0..<runs {
            let elapsed = clock.measure { _ = PageCheck.check(page) }
            best = min(best, elapsed)
        }
        print("PageCheck: 1,000-tile page (\(page.utf8.count) bytes): best of \(runs) = \(best)")
        #expect(best < .seconds(5), "best of \(runs) checks took \(best)")
    }
}
