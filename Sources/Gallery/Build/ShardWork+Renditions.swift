import Foundation
import Parallel
import Synchronization
import Thumbnails

extension ShardWork {
    /// The renditions stage: makes the claimed renditions on every core and
    /// marks each file made in the record's entries. Returns what each
    /// source's renditions came out as, by hash.
    mutating func makeRenditions(_ work: [RenditionPlan]) throws(BuildError) -> [ContentHash: [MadeRendition]] {
        let (output, videoTool, progress) = (output, run.videoTool, run.progress)
        let maker = RenditionMaker(limits: run.options.renditions.limits)
        let finished = Atomic<Int>(0)
        progress(BuildProgress(stage: "renditions", done: 0, total: work.count))
        let cancellation = run.options.cancellation
        let outcomes = ParallelWork.map(count: work.count, jobs: run.options.renditions.jobs) { position in
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
                markMade(files, of: plan)
            case .failure(.notRendered(let error)):
                run.log.add(run.album.display(plan.photo.path), .notRendered(error))
            case .failure(.videoFailed(let error)):
                run.log.add(run.album.display(plan.photo.path), .videoNotPublished(error.reason))
            case .failure(.notWritten(let error)):
                throw error
            case .failure(.stopped):
                break  // what was made is recorded (``recordMade()``), then the stop is reported
            }
        }
        return fresh
    }

    /// Marks the files made for `plan` in the record's entries, with their size as written.
    private mutating func markMade(_ files: [MadeRendition], of plan: RenditionPlan) {
        for item in files {
            let file = item.file
            guard let info = output.folder.status(file.path) else { continue }
            entries[file.path] = ShardRecord.Entry(made: true, hash: plan.hash, space: plan.space,
                                                   quality: item.quality, width: file.width,
                                                   height: file.height, size: Int64(info.st_size),
                                                   alternate: item.format == .jpeg ? nil : item.format)
        }
    }

    /// Rewrites the record with what is there: not the format a width did
    /// not take, nor a file since deleted. Then a stop or, with `--strict`,
    /// a warning fails the shard.
    mutating func recordMade() throws(BuildError) {
        let output = output
        record.entries = entries.values.filter { ShardAdoption.kind(of: $0.path, in: output) == .regular }
        try output.write(Data(record.serialized.utf8), to: shard.recordName)
        try run.options.cancellation.check()
        try run.checkStrict()
        run.clock.end("renditions")
    }

    /// The shard's report. No page is written: what the shard leaves to show is its record.
    func report(_ plans: [RenditionPlan], fresh: [ContentHash: [MadeRendition]]) -> BuildReport {
        let shown = plans.compactMap { plan -> Photo? in
            if plan.missesRenditions && fresh[plan.hash] == nil { return nil }
            return RenditionWork.photo(of: plan, fresh: plan.missesRenditions ? fresh[plan.hash] ?? [] : [])
        }
        let made = fresh.values.flatMap { $0.map(\.file.path) }.sorted()
        let kept = Set(plans.flatMap { $0.kept.map(\.path) + $0.alternates.flatMap { $0.kept.map(\.path) } })
        var report = BuildReport(page: run.options.output.appendingPathComponent(shard.recordName), photos: shown, albums: 0,
                                 warnings: run.log.warnings, notices: run.log.notices, renditionsMade: made.count,
                                 privacyFindings: made.compactMap { MetadataAudit.findings(inFileAt: output.filePath($0)) },
                                 renditionsKept: kept.count, stages: run.clock.stages)
        report.videoToolRuns = run.videoTool?.runs ?? 0
        return report
    }
}
