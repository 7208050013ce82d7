import Foundation
import Parallel
import Synchronization
import Thumbnails

extension Site {
    /// `cascade build --shard I/N`: after the same scan and hashing as a
    /// build, makes only the renditions of the photos in `shard` (``Shard``)
    /// into the output folder, and writes no pages. What it made is listed
    /// in its own record, `.cascade-shard-I-of-N` (``ShardRecord``), written
    /// before the files are, and never in the manifest or the other
    /// bookkeeping files: shards run at once into one folder (they hold its
    /// lock shared), or each into its own folder, copied together afterwards.
    /// A build without `--shard` then takes the records' renditions as its
    /// own (``ShardAdoption``), writes the pages and removes the records.
    static func buildShard(_ shard: Shard, _ options: BuildOptions, album: AlbumFolder, photos: [Photo],
                           videoTool: VideoTool? = nil, log: inout WarningLog, clock: inout StageClock,
                           progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildError) -> BuildReport {
        let lock = try OutputLock(root: options.output, displayName: PathText.display(options.output), shared: true,
                                  sourceDateEpoch: options.sourceDateEpoch)
        do throws(BuildError) {
            let report = try makeShard(shard, options, album: album, photos: photos, videoTool: videoTool, log: &log,
                                       clock: &clock, progress: progress)
            withExtendedLifetime(lock) {}
            return report
        } catch {
            lock.abandon()
            throw error
        }
    }

    /// The shard's work, under the shared lock.
    private static func makeShard(_ shard: Shard, _ options: BuildOptions, album: AlbumFolder, photos: [Photo],
                                  videoTool: VideoTool?, log: inout WarningLog, clock: inout StageClock,
                                  progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildError) -> BuildReport {
        let output = try OutputFolder(root: options.output, sourceDateEpoch: options.sourceDateEpoch)
        // An empty manifest marks the folder as Cascade's at once, for a shard
        // starting meanwhile (an output inside the album must be Cascade's);
        // a shard never lists anything in it: shards running at once would
        // race to rewrite it.
        if ShardAdoption.kind(of: OutputFolder.manifestName, in: output) == .absent {
            try output.write(OutputFolder.manifestBytes(sorted: []), to: OutputFolder.manifestName)
        }
        let settings = options.renditions
        var fingerprints = SourceFingerprints(loadingFrom: options.output.appendingPathComponent(SourceFingerprints.fileName))
        var index = RenditionIndex(loadingFrom: options.output.appendingPathComponent(RenditionIndex.fileName))
        let found = ShardAdoption(in: output, settings: settings, for: shard.contains)
        found.trust(into: &index)
        let plans = RenditionPlan.plans(
            for: photos, album: album, output: output, settings: settings, geometry: .standard,
            fingerprints: &fingerprints, index: index, trusted: found.trustedPaths, log: &log
        ).filter { shard.contains($0.hash) }
        clock.end("hash")

        // The same bytes twice in the album are made once.
        var seen = Set<ContentHash>()
        let work = plans.filter { $0.missesRenditions && seen.insert($0.hash).inserted }
        let owned = output.owned.union(found.owned)
        for path in Set(work.flatMap(\.candidatePaths)).sorted() where !owned.contains(path) {
            guard ShardAdoption.kind(of: path, in: output) == .absent else { throw .wouldOverwrite(path: output.display(path)) }
        }
        // A file of that name that is not a record is the user's.
        if ShardAdoption.kind(of: shard.recordName, in: output) != .absent && found.record(of: shard) == nil {
            throw .wouldOverwrite(path: output.display(shard.recordName))
        }

        var record = ShardRecord(shard: shard, settings: ShardRecord.settingsText(settings), entries: [])
        var entries = carriedEntries(found.record(of: shard), settings: record.settings)
        for plan in work {
            for width in plan.missing {
                for quality in [plan.quality, nil] as [Int?] {
                    let entry = ShardRecord.Entry(made: false, hash: plan.hash, space: plan.space, quality: quality, width: width)
                    entries[entry.path] = entry
                }
            }
            for alternate in plan.alternates {
                for width in alternate.missing {
                    let entry = ShardRecord.Entry(made: false, hash: plan.hash, space: plan.space, quality: alternate.quality,
                                                  width: width, alternate: alternate.format)
                    entries[entry.path] = entry
                }
            }
        }
        record.entries = Array(entries.values)
        try output.write(Data(record.serialized.utf8), to: shard.recordName)

        let maker = RenditionMaker(limits: settings.limits)
        let finished = Atomic<Int>(0)
        progress(BuildProgress(stage: "renditions", done: 0, total: work.count))
        let cancellation = options.cancellation
        let outcomes = ParallelWork.map(count: work.count, jobs: settings.jobs) { position in
            if cancellation.isCancelled { return Result<[MadeRendition], RenditionWork.Failure>.failure(.stopped) }
            // A shard makes a video's poster renditions only; the build after it publishes the video file.
            let outcome = work[position].photo.isVideo
                ? RenditionWork.makeVideo(work[position], maker: maker, into: output, tool: videoTool, publish: false)
                : RenditionWork.make(work[position], maker: maker, into: output)
            progress(BuildProgress(stage: "renditions", done: finished.add(1, ordering: .relaxed).newValue, total: work.count))
            return outcome
        }
        var fresh: [ContentHash: [MadeRendition]] = [:]
        for (plan, outcome) in zip(work, outcomes) {
            switch outcome {
            case .success(let files):
                fresh[plan.hash] = files
                for item in files {
                    let file = item.file
                    guard let info = output.folder.status(file.path) else { continue }
                    entries[file.path] = ShardRecord.Entry(made: true, hash: plan.hash, space: plan.space,
                                                           quality: item.quality, width: file.width,
                                                           height: file.height, size: Int64(info.st_size),
                                                           alternate: item.format == .jpeg ? nil : item.format)
                }
            case .failure(.notRendered(let error)):
                log.add(album.display(plan.photo.path), .notRendered(error))
            case .failure(.videoFailed(let error)):
                log.add(album.display(plan.photo.path), .videoNotPublished(error.reason))
            case .failure(.notWritten(let error)):
                throw error
            case .failure(.stopped):
                break  // what was made is recorded below, then the stop is reported
            }
        }
        // Only what is there stays listed: the format a width did not take,
        // a file since deleted.
        record.entries = entries.values.filter { ShardAdoption.kind(of: $0.path, in: output) == .regular }
        try output.write(Data(record.serialized.utf8), to: shard.recordName)
        try cancellation.check()
        if options.strict && !log.isEmpty { throw .strictWarnings(count: log.warnings.count) }
        clock.end("renditions")

        let shown = plans.compactMap { plan -> Photo? in
            if plan.missesRenditions && fresh[plan.hash] == nil { return nil }
            return RenditionWork.photo(of: plan, fresh: plan.missesRenditions ? fresh[plan.hash] ?? [] : [])
        }
        let made = fresh.values.flatMap { $0.map(\.file.path) }.sorted()
        // No page is written: what the shard leaves to show is its record.
        var report = BuildReport(page: options.output.appendingPathComponent(shard.recordName), photos: shown, albums: 0,
                                 warnings: log.warnings, notices: log.notices, renditionsMade: made.count,
                                 privacyFindings: made.compactMap { MetadataAudit.findings(inFileAt: output.filePath($0)) },
                                 renditionsKept: Set(plans.flatMap { $0.kept.map(\.path) + $0.alternates.flatMap { $0.kept.map(\.path) } }).count,
                                 stages: clock.stages)
        report.videoToolRuns = videoTool?.runs ?? 0
        return report
    }

    /// The entries of this shard's earlier record, kept so its files stay
    /// Cascade's; made with other settings they are only claimed, not trusted.
    private static func carriedEntries(_ earlier: ShardRecord?, settings: String) -> [String: ShardRecord.Entry] {
        var entries: [String: ShardRecord.Entry] = [:]
        for var entry in earlier?.entries ?? [] {
            if earlier?.settings != settings {
                entry.made = false
                entry.height = nil
                entry.size = nil
            }
            entries[entry.path] = entry
        }
        return entries
    }
}
