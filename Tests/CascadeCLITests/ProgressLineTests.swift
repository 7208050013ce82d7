@testable import cascade
@testable import Gallery
import Testing

/// The terminal progress line gives each stage's count, with a share
/// and, once a second has passed, the time left at the rate so far.
@Suite("Progress line")
struct ProgressLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var stage: String
        var done: Int
        var total: Int
        var elapsed: Double
        var text: String
        var testDescription: String { stage }
    }

    @Test("Each stage's line", arguments: [
        Case(stage: "scan", done: 1, total: 3, elapsed: 2.5, text: "cascade: scan 1/3 (33 %), about 5 s left"),
        Case(stage: "pages", done: 10, total: 40, elapsed: 0.5, text: "cascade: pages 10/40 (25 %)"),
        Case(stage: "checks", done: 1, total: 100, elapsed: 3, text: "cascade: checks 1/100 (1 %), about 5 min left"),
        Case(stage: "renditions", done: 120, total: 5000, elapsed: 8, text: "cascade: renditions 120/5000 (2 %), about 6 min left"),
        Case(stage: "write", done: 40, total: 40, elapsed: 9, text: "cascade: write 40/40 (100 %)"),
        Case(stage: "other", done: 0, total: 0, elapsed: 0, text: "cascade: other 0/0"),
    ])
    func line(_ test: Case) {
        #expect(ProgressLine.text(BuildProgress(stage: test.stage, done: test.done, total: test.total),
                                  elapsedSeconds: test.elapsed) == test.text)
    }

    @Test("Durations round up", arguments: [(0.2, "1 s"), (59, "59 s"), (61, "2 min"), (3900, "1 h 5 min")])
    func duration(seconds: Double, text: String) {
        #expect(ProgressLine.duration(seconds) == text)
    }
}
