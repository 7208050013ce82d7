import Foundation

/// Whether a build publishes the album's videos, and where it looks for the
/// ffmpeg that does it.
public struct VideoSettings: Sendable, Equatable {
    /// Publish videos (tiles with a poster, pages that play them). Off
    /// (`--no-video`, `"video": false`): videos are left out without a warning.
    public var publishes: Bool
    /// The `:`-separated folders searched for `ffmpeg`, once per build: the
    /// environment's `PATH` by default. Without ffmpeg there, videos are left
    /// out with one warning.
    var searchPath: String?

    public init(publishes: Bool = true, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.publishes = publishes
        self.searchPath = searchPath
    }
}
