import Foundation

extension Site {
    /// Builds the album tree into the output folder: the root is the home
    /// page, every folder below it holding photos is an album page. `warn` receives every skipped
    /// file as soon as it is skipped, so a long build reports progress.
    ///
    /// Stages run cheapest failure first: the album folder, the output
    /// folder's place, the theme and `album.json` are checked before any
    /// photo is opened; headers are read before any photo is hashed; every
    /// page is rendered and checked before any pixel is decoded; nothing is
    /// written unless every step before writing succeeded, and nothing is
    /// ever written into the album folder.
    ///
    /// `progress` hears how far the slow stages are, from any thread.
    public static func build(_ options: BuildOptions,
                             warn: @escaping (BuildWarning) -> Void = { _ in },
                             progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) throws(BuildError) -> BuildReport {
        var run = try BuildRun(options, warn: warn, progress: progress)
        let last: LastBuild
        switch try run.lastBuild() {
        case .unchanged(let report): return report
        case .changed(let found): last = found
        }
        var scanned = try run.scan(untouchedOutput: last.outputCheck)
        let photos = scanned.takePhotos()
        if let shard = run.options.shard {
            return try buildShard(shard, run, photos: photos)
        }
        return try writeSite(run, scanned, photos: consume photos, lock: last.lock)
    }

    /// The build's second half, under the output folder's lock: what a killed
    /// build left is cleared, then the site is planned, rendered and written
    /// (``SiteWrite``).
    private static func writeSite(_ run: BuildRun, _ scanned: ScannedAlbum, photos: consuming [Photo],
                                  lock heldLock: OutputLock?) throws(BuildError) -> BuildReport {
        // From here to the end no other build may touch the output folder:
        // its manifest is read under the lock.
        let lock: OutputLock
        if let heldLock { lock = heldLock } else { lock = try run.lockOutput() }
        // What a build killed mid-write left behind, now that none can be writing.
        // (None can be left when albums are carried: the output is as the last clean build left it.)
        if scanned.patch == nil { StrayTemporaries.remove(in: run.options.output.path) }
        do throws(BuildError) {
            try run.options.cancellation.check()
            let report = try SiteWrite.write(run, scanned, photos: consume photos)
            withExtendedLifetime(lock) {}
            return report
        } catch {
            lock.abandon()
            throw error
        }
    }
}
