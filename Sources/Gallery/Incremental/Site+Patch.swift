import Synchronization

extension Site {
    /// Reads `tree` with the albums unchanged since the last build carried
    /// (``AlbumPatch``) and returns the patch; nil, with `tree` and `log`
    /// untouched, when the tree does not allow one (then it is read in full).
    /// `output` are the output's folders' stamps (it is as the last build left it).
    static func patchedScan(_ tree: inout Album, inputs: Inputs, output: [String: TreeStamp], options: BuildOptions,
                            root: AlbumFolder,
                            log: inout WarningLog, videos: Bool, read: borrowing Atomic<Int>,
                            progress: @escaping @Sendable (BuildProgress) -> Void) -> AlbumPatch? {
        guard let folders = inputs.folders, var patch = AlbumPatch.plan(tree, folders: folders, options: options),
              var pruned = patch.pruned(tree, root: root, videos: videos) else { return nil }
        // A carried album below the root writes nothing in its folder: its stamp stands.
        for path in patch.carried.keys where !path.contains("/") {
            if let stamp = output[path] { patch.untouchedOutputFolders[path] = stamp }
        }
        let candidates = pruned.candidateCount
        // Warnings wait until the patch holds: a full read would give them again.
        var patchLog = WarningLog(forwardingTo: { _ in })
        PhotoScan.scan(&pruned, root: root, log: &patchLog, videos: videos, read: {
            progress(BuildProgress(stage: "scan", done: read.add(1, ordering: .relaxed).newValue, total: candidates))
        })
        guard patch.holds(pruned) else { return nil }
        log.append(patchLog)
        tree = pruned
        return patch
    }
}
