import Foundation

/// How long one build took, stage by stage, from its `--verbose` line
/// (`cascade: stages: scan 0.12 s, hash 0.30 s, …`) and the wall clock: the
/// map from a moment after the start to the stage running then.
struct BuildTiming {
    /// Stage names and their end, in seconds after the process started.
    var ends: [(stage: String, end: Double)] = []
    var wall: Double

    /// `stderr` of a `--verbose` build that took `wall` seconds.
    init(stderr: String, wall: Double) {
        self.wall = wall
        let line = stderr.split(separator: "\n").first { $0.hasPrefix("cascade: stages: ") } ?? ""
        let stages = line.dropFirst("cascade: stages: ".count).split(separator: ",").compactMap { part -> (String, Double)? in
            let words = part.split(separator: " ")
            guard words.count >= 2, let seconds = Double(words[1]) else { return nil }
            return (String(words[0]), seconds)
        }
        // What the stages do not account for is the process starting (and
        // exiting): counted before the first stage.
        var clock = max(0, wall - stages.map(\.1).reduce(0, +))
        ends = [("startup", clock)]
        for (name, seconds) in stages {
            clock += seconds
            ends.append((name, clock))
        }
    }

    var stageNames: [String] { ends.map(\.stage) }

    /// The span of `stage`, in seconds after the start.
    func span(of stage: String) -> ClosedRange<Double>? {
        guard let index = ends.firstIndex(where: { $0.stage == stage }) else { return nil }
        let start = index == 0 ? 0 : ends[index - 1].end
        return start...max(start, ends[index].end)
    }

    /// The stage running `seconds` after the start.
    func stage(at seconds: Double) -> String {
        ends.first { seconds <= $0.end }?.stage ?? "after the end"
    }
}
