import Foundation
import Gallery
import Synchronization

/// The one progress line a build shows on a terminal, rewritten in place
/// (`cascade: renditions 120/5000 (2 %), about 3 min left`), one stage after
/// another, each with its count: `scan` (headers read), `pages` (rendered),
/// `checks` (pages checked), `renditions` (photos encoded), `write` (pages written). Only when
/// standard error is a terminal that is not `TERM=dumb`: never in CI logs,
/// never when piped, never with `--quiet` or `--json`.
final class ProgressLine: Sendable {
    private struct State {
        var shown = false
        var lastDraw: ContinuousClock.Instant?
        var stageStart: (stage: String, at: ContinuousClock.Instant)?
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// Whether a progress line belongs on this standard error.
    static var isWanted: Bool {
        isatty(2) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Redraws the line, at most ten times a second (and always for the last item).
    func update(_ progress: BuildProgress) {
        let now = clock.now
        let text: String? = state.withLock { state in
            if state.stageStart?.stage != progress.stage { state.stageStart = (progress.stage, now) }
            let last = progress.done == progress.total
            if let drawn = state.lastDraw, now - drawn < .milliseconds(100), !last { return nil }
            state.lastDraw = now
            state.shown = true
            let elapsed = state.stageStart.map { now - $0.at } ?? .zero
            let (seconds, attoseconds) = elapsed.components
            return Self.text(progress, elapsedSeconds: Double(seconds) + Double(attoseconds) / 1e18)
        }
        if let text { Self.draw("\r\u{1B}[2K" + text) }
    }

    /// Clears the line before the build's own messages are printed.
    func finish() {
        let shown = state.withLock { $0.shown }
        if shown { Self.draw("\r\u{1B}[2K") }
    }

    /// `cascade: renditions 120/5000 (2 %), about 3 min left`; pure, for tests.
    static func text(_ progress: BuildProgress, elapsedSeconds: Double) -> String {
        var text = "cascade: \(progress.stage) \(progress.done)/\(progress.total)"
        guard progress.total > 0 else { return text }
        text += " (\(progress.done * 100 / progress.total) %)"
        guard progress.done > 0, progress.done < progress.total, elapsedSeconds >= 1 else { return text }
        let left = elapsedSeconds / Double(progress.done) * Double(progress.total - progress.done)
        return text + ", about " + duration(left) + " left"
    }

    /// `40 s`, `3 min`, `1 h 5 min`: rounded up, short enough for one line.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        let minutes = (whole + 59) / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    private static func draw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
