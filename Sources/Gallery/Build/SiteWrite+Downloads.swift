extension SiteWrite {
    /// What ``makeDownloads(_:)`` did, for the report.
    struct DownloadCounts {
        /// The archives this build wrote (the privacy verdict reads them).
        var made: [String] = []
        /// Archives an earlier build made that this one keeps as they are.
        var kept = 0
        /// Whether the pages must render again: an archive the planned pages
        /// did not know (made now) changes their link.
        var changed = false
    }

    /// Before the planned pages render: the downloads an earlier build
    /// already made for these inputs, so a rebuild's pages need no second
    /// rendering. Nothing is done when no album has `--zip` or `"zip"`.
    mutating func predictDownloads(_ planned: Album) {
        guard AlbumDownloads.anyOn(tree, options: run.options) else { return }
        let output = output
        var downloads: [String: AlbumDownload] = [:]
        for plan in AlbumDownloads.plans(planned, options: run.options, size: { output.size(of: $0) })
        where output.holds(plan.path) {
            downloads[plan.album] = AlbumDownload(path: plan.path, size: output.size(of: plan.path) ?? 0, count: plan.entries.count)
        }
        pages.downloads = downloads
    }

    /// The downloads stage, once the renditions are made: each album's
    /// archive listed in the manifest first, then kept when an earlier build
    /// made it from the same inputs (its name says which) or made and written
    /// through the output folder.
    mutating func makeDownloads(_ rendered: RenditionWork.Made, plans renditionPlans: [RenditionPlan]) throws(BuildError) {
        guard AlbumDownloads.anyOn(tree, options: run.options) else { return }
        let output = output
        let plans = AlbumDownloads.plans(tree.replacingPhotos(rendered.photos(of: renditionPlans)), options: run.options,
                                         size: { output.size(of: $0) })
        let policy = AlbumDownloads.policy(run.options)
        // `--originals` notes what it withholds already; a download alone says it here.
        if run.options.originals != .stripped {
            for photo in plans.flatMap(\.withheld).uniqued(by: \.path) {
                run.log.add(run.album.display(photo.path), .originalWithheld(photo.header.format))
            }
        }
        try self.output.checkWritable(plans.map(\.path))
        try self.output.recordIntent(plans.map(\.path))
        var downloads: [String: AlbumDownload] = [:]
        for plan in plans {
            try run.options.cancellation.check()
            let size: Int64
            if output.holds(plan.path), let existing = output.size(of: plan.path) {
                size = existing
                downloadCounts.kept += 1
            } else {
                size = try AlbumDownloads.write(plan, album: run.album, output: output, policy: policy)
                downloadCounts.made.append(plan.path)
            }
            downloads[plan.album] = AlbumDownload(path: plan.path, size: size, count: plan.entries.count)
        }
        downloadCounts.changed = downloads != pages.downloads
        pages.downloads = downloads
        run.clock.end("downloads")
    }
}

extension OutputFolder {
    /// The size of the file `path` in bytes, nil when there is none.
    func size(of path: String) -> Int64? {
        folder.status(path).map { Int64($0.st_size) }
    }
}
