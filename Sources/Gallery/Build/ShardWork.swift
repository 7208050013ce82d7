import Foundation

/// A shard build's state from stage to stage (``Site/buildShard(_:_:photos:)``):
/// the output folder, the renditions earlier shards left there, and this
/// shard's record as it grows from what it claims to what it made.
struct ShardWork {
    var run: BuildRun
    let shard: Shard
    let output: OutputFolder
    /// The shards' records found in the output, this shard's earlier one among them.
    let found: ShardAdoption
    var record: ShardRecord
    /// The record's entries by path: claimed first, then marked made.
    var entries: [String: ShardRecord.Entry]

    /// Opens the output folder and marks it as Cascade's.
    init(_ shard: Shard, _ run: BuildRun) throws(BuildError) {
        let output = try OutputFolder(root: run.options.output, sourceDateEpoch: run.options.sourceDateEpoch)
        // An empty manifest marks the folder as Cascade's at once, for a shard
        // starting meanwhile (an output inside the album must be Cascade's);
        // a shard never lists anything in it: shards running at once would
        // race to rewrite it.
        if ShardAdoption.kind(of: OutputFolder.manifestName, in: output) == .absent {
            try output.write(OutputFolder.manifestBytes(sorted: []), to: OutputFolder.manifestName)
        }
        let settings = run.options.renditions
        found = ShardAdoption(in: output, settings: settings, for: shard.contains)
        record = ShardRecord(shard: shard, settings: ShardRecord.settingsText(settings), entries: [])
        entries = Self.carriedEntries(found.record(of: shard), settings: record.settings)
        (self.run, self.shard, self.output) = (run, shard, output)
    }

    /// The hash stage: every photo hashed and planned as a build would, the
    /// earlier shards' renditions trusted; the plans of this shard's photos.
    mutating func planRenditions(_ photos: [Photo]) -> [RenditionPlan] {
        let options = run.options
        var fingerprints = SourceFingerprints(loadingFrom: options.output.appendingPathComponent(SourceFingerprints.fileName))
        var index = RenditionIndex(loadingFrom: options.output.appendingPathComponent(RenditionIndex.fileName))
        found.trust(into: &index)
        let plans = RenditionPlan.plans(
            for: photos, album: run.album, output: output, settings: options.renditions, geometry: .standard,
            fingerprints: &fingerprints, index: index, trusted: found.trustedPaths, log: &run.log
        ).filter { shard.contains($0.hash) }
        run.clock.end("hash")
        return plans
    }

    /// Claims the files this shard will make: none may be in the way, and
    /// the record lists them all before the first is written. Returns the
    /// plans with work to do; the same bytes twice in the album are made once.
    mutating func claim(_ plans: [RenditionPlan]) throws(BuildError) -> [RenditionPlan] {
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
        return work
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
