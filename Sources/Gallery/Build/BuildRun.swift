import Foundation
import Parallel

/// What every stage of one build (``Site/build(_:warn:progress:)``) works
/// with: the settings, the album folder, the theme and the video tool it
/// found, the inputs it stamped, and the log and clock each stage adds to.
struct BuildRun {
    var options: BuildOptions
    let album: AlbumFolder
    let theme: Theme
    /// Looked for once per build; without it videos are left out, with one warning.
    let videoTool: VideoTool?
    /// Stamped before anything in the album is read, so a change made while
    /// this build runs is seen by the next one. (A shard writes no page and
    /// leaves no stamp.)
    var inputs: Site.Inputs
    var log: WarningLog
    var clock = StageClock()
    /// Each album folder's watermark and copyright, found by the scan.
    var treatments = AlbumTreatments()
    let progress: @Sendable (BuildProgress) -> Void
    /// The last build's bookkeeping, being read while the album is scanned
    /// (started once the output's lock is held).
    var lastBookkeeping: Pending<LastBookkeeping>?

    /// The first stage: checks the album folder, the output folder's place
    /// and the theme, before any photo is opened.
    init(_ options: BuildOptions, warn: @escaping (BuildWarning) -> Void,
         progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildError) {
        var options = options
        // One spelling for the checks and the writes: `album/a/../site` is
        // `album/site`, and no folder `a` is made on the way.
        options.output = options.output.standardizedFileURL
        self.options = options
        self.progress = progress
        log = WarningLog(forwardingTo: warn)
        var album = try AlbumFolder(options.album)
        album.excludedFolder = try OutputPlacement.check(output: options.output, album: album)
        self.album = album
        theme = try Theme.load(options.templates)
        videoTool = options.videos.publishes ? VideoTool.find(searchPath: options.videos.searchPath) : nil
        inputs = options.shard != nil ? Site.Inputs()
            : Site.Inputs(key: BuildSnapshot.key(options, videoTool: videoTool), stamps: BuildSnapshot.albumStampsAndFiles(album))
    }

    /// Takes the output folder's lock, exclusive for a build, shared for a shard.
    func lockOutput(shared: Bool = false) throws(BuildError) -> OutputLock {
        try OutputLock(root: options.output, displayName: PathText.display(options.output), shared: shared,
                       sourceDateEpoch: options.sourceDateEpoch)
    }

    /// Fails the build when `--strict` is on and anything was warned about.
    func checkStrict() throws(BuildError) {
        if options.strict && !log.isEmpty { throw .strictWarnings(count: log.skippedFiles) }
    }
}
