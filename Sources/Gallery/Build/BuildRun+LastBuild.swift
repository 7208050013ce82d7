extension BuildRun {
    /// What the last build left, as the start of this one found it.
    enum LastBuildVerdict {
        /// Nothing this build would read has changed and the output is as the
        /// last build left it: its report, replayed.
        case unchanged(BuildReport)
        /// A build is needed.
        case changed(LastBuild)
    }

    /// Whether the last build was clean, with these settings, and its output
    /// is untouched: then it is replayed whole, or albums may be carried. The
    /// output is stamped on another thread while the album tree is read.
    mutating func lastBuild() throws(BuildError) -> LastBuildVerdict {
        var last = LastBuild()
        guard options.shard == nil, let snapshot = BuildSnapshot.load(from: options.output) else { return .changed(last) }
        // A snapshot is there, so the folder and its lock file are: taking
        // the lock creates nothing, and the full build keeps holding it.
        let lock = try lockOutput()
        if let report = Site.unchangedBuild(options, snapshot: snapshot, inputs: inputs, clock: &clock) {
            withExtendedLifetime(lock) {}
            return .unchanged(report)
        }
        last.lock = lock
        if snapshot.key == inputs.key { last.outputCheck.start(options.output, expecting: snapshot.output) }
        // Under the lock no other build can write the bookkeeping: it is read beside the scan.
        lastBookkeeping = LastBookkeeping.startReading(root: options.output, sourceDateEpoch: options.sourceDateEpoch,
                                                       themeKey: MarkupVerdicts.themeKey(theme))
        return .changed(last)
    }
}

/// What a build that cannot be replayed takes from the last one's snapshot.
struct LastBuild {
    /// The output folder's lock, taken to read the snapshot and held to the end.
    var lock: OutputLock?
    /// Whether the output is as the snapshot recorded it (started only when
    /// the settings are the snapshot's).
    let outputCheck = OutputStampCheck()
}
