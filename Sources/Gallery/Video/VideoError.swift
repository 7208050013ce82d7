import ImageHeaders

/// Why one video could not be published: it is cut short, ffmpeg failed on
/// it, ran too long, could not be started, or left no file. Carries the
/// video's path so the warning names it; the build goes on without the video
/// (and fails under `--strict`).
public struct VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The video, as the album names it (`Trips/clip.mov`), or the tool's path
    /// when it could not be started.
    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// What went wrong, kept typed until ``description``.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// ffmpeg exited with `status`; `detail` is the last line it printed.
        case failed(status: Int32, detail: String)
        /// ffmpeg ran longer than the time limit and was killed.
        case timedOut(seconds: Double)
        /// ffmpeg could not be started (`detail` says why).
        case notStarted(detail: String)
        /// ffmpeg exited cleanly but wrote no (or an empty) file.
        case noOutput
        /// The poster frame's size differs from the size the scan laid the tile out with.
        case posterSize(expected: String, got: String)
        /// The file ends before its container does (checked before ffmpeg
        /// runs, which would publish the part that is there without a word).
        case cutShort(VideoCutShort)
        /// The file could not be read for that check (`detail` says why).
        case unreadable(detail: String)

        public var description: String {
            switch self {
            case .failed(let status, let detail):
                "ffmpeg failed (exit status \(status))" + (detail.isEmpty ? "" : ": \(detail)")
            case .timedOut(let seconds): "ffmpeg took longer than \(Int(seconds)) s and was stopped"
            case .notStarted(let detail): "ffmpeg could not be started: \(detail)"
            case .noOutput: "ffmpeg wrote nothing"
            case .posterSize(let expected, let got): "its poster frame is \(got), not \(expected) as its header says"
            case .cutShort(let cut): cut.description
            case .unreadable(let detail): "cannot be read: \(detail)"
            }
        }
    }

    public var description: String { "'\(path)': \(reason)" }
}
