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
    static func buildShard(_ shard: Shard, _ run: BuildRun, photos: [Photo]) throws(BuildError) -> BuildReport {
        let lock = try run.lockOutput(shared: true)
        do throws(BuildError) {
            let report = try makeShard(shard, run, photos: photos)
            withExtendedLifetime(lock) {}
            return report
        } catch {
            lock.abandon()
            throw error
        }
    }

    /// The shard's work, under the shared lock, stage by stage (``ShardWork``).
    private static func makeShard(_ shard: Shard, _ run: BuildRun, photos: [Photo]) throws(BuildError) -> BuildReport {
        var work = try ShardWork(shard, run)
        let plans = work.planRenditions(photos)
        let claimed = try work.claim(plans)
        let fresh = try work.makeRenditions(claimed)
        try work.recordMade()
        return work.report(plans, fresh: fresh)
    }
}
