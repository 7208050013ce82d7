/// A build's warnings and notices: kept for the report (warnings also for
/// `--strict`), and passed on as each happens, so a long build shows progress.
struct WarningLog {
    /// Warnings and notices in the order they came.
    private var all: [BuildWarning] = []
    /// Files skipped: what `--strict` fails on.
    var warnings: [BuildWarning] { all.filter { !$0.isNotice } }
    /// Stale `album.json` entries: reported, never fatal (``BuildWarning/isNotice``).
    var notices: [BuildWarning] { all.filter(\.isNotice) }
    /// Videos the scan left out because this build publishes none (no
    /// ffmpeg, or `--no-video`): counted here, named in at most one warning.
    var videosLeftOut = 0
    private let forward: (BuildWarning) -> Void

    init(forwardingTo forward: @escaping (BuildWarning) -> Void) {
        self.forward = forward
    }

    mutating func add(_ warning: BuildWarning) {
        all.append(warning)
        forward(warning)
    }

    mutating func add(_ path: String, _ reason: BuildWarning.Reason) {
        add(BuildWarning(path: path, reason: reason))
    }

    /// Adds what `other` holds, in its order, as if it had come here.
    mutating func append(_ other: WarningLog) {
        other.all.forEach { add($0) }
        videosLeftOut += other.videosLeftOut
    }

    /// Files skipped, each video left out for want of ffmpeg counted (``BuildWarning/skippedFiles``).
    var skippedFiles: Int { all.reduce(0) { $0 + $1.skippedFiles } }

    /// Whether no file was skipped (notices do not count).
    var isEmpty: Bool { !all.contains { !$0.isNotice } }
}
