import Foundation
import Glibc

extension Site {
    /// What a build stamps before reading anything, to check against the last
    /// snapshot now and to record in the next one.
    struct Inputs {
        var key: String?
        var album: TreeStamp?
        /// Each folder's stamp, by path from the album root (``TreeStamp/folders(path:entersHiddenFolders:excluding:)``).
        var folders: [String: TreeStamp]?
        /// Each file's `stat` as the stamp's walk found it, until the photos
        /// are fingerprinted (``RenditionPlan/plans``), which then asks no more.
        var files: [String: TreeStamp.FileStat] = [:]

        init() {}

        init(key: String?, stamps: (stamp: TreeStamp, folders: [String: TreeStamp], files: [String: TreeStamp.FileStat])?) {
            self.key = key
            album = stamps?.stamp
            folders = stamps?.folders
            files = stamps?.files ?? [:]
        }
    }

    /// The report of the last build, whose `snapshot` the output folder
    /// holds, when nothing it read has changed and the output folder is
    /// exactly as it left it; nil when a full build is needed. Must be called
    /// holding the output folder's lock.
    static func unchangedBuild(_ options: BuildOptions, snapshot: BuildSnapshot, inputs: Inputs,
                               clock: inout StageClock) -> BuildReport? {
        guard let key = inputs.key, let album = inputs.album, snapshot.key == key, snapshot.album == album,
              BuildSnapshot.outputStamp(options.output) == snapshot.output else { return nil }
        clock.end("unchanged")
        var report = BuildReport(page: options.output.appendingPathComponent("index.html"), photos: [],
                                 albums: snapshot.albums, warnings: [], renditionsMade: 0, pages: snapshot.pages,
                                 pagesRendered: 0, renditionsKept: snapshot.renditions, filesRemoved: 0,
                                 stages: clock.stages)
        report.replayedPhotoCount = snapshot.photos
        report.videosPublished = snapshot.videos
        report.zipsKept = snapshot.zips
        return report
    }

    /// Leaves a snapshot of this finished build for the next one, or removes
    /// the last one when this build's report cannot be replayed (it had
    /// warnings, notes or privacy findings) or its inputs or output could
    /// not be stamped.
    ///
    /// `stamp` is the output's, taken after the build's last write and found
    /// to hold every file of its manifest (``BuildSnapshot/outputStamp(_:reusing:expecting:)``).
    static func recordSnapshot(of report: BuildReport, inputs: Inputs, output: OutputFolder, stamp: TreeStamp?) {
        // With unlisted albums every build prints their URLs, which no snapshot keeps.
        guard report.warnings.isEmpty, report.notices.isEmpty, report.privacyFindings.isEmpty, report.unlisted.isEmpty,
              let key = inputs.key, let album = inputs.album, let stamp else {
            BuildSnapshot.remove(from: output.root)
            return
        }
        var snapshot = BuildSnapshot(key: key, album: album, output: stamp, photos: report.publishedPhotos, albums: report.albums,
                                     pages: report.pages, renditions: report.renditionsKept + report.renditionsMade,
                                     videos: report.videosPublished)
        snapshot.zips = report.zipsMade + report.zipsKept
        snapshot.save(to: output.root)
    }
}
