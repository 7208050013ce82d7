import Parallel

extension SiteWrite {
    /// The privacy verdict on what this build published that could carry
    /// metadata: the originals, and the renditions it made (those kept were
    /// checked when they were made; pages carry only what templates print).
    func privacyFindings(_ final: SitePages.Result, plans: [RenditionPlan]) -> [AuditFinding] {
        let made = Set(plans.flatMap(\.candidatePaths)).intersection(final.files)
        let published = pages.originals(final.models).map(\.path) + made.sorted()
        let root = run.options.output
        return published.compactMap { MetadataAudit.findings(inFileAt: root.appendingPathComponent($0).path) }
            + downloadCounts.made.sorted().flatMap { MetadataAudit.zipFindings(atPath: root.appendingPathComponent($0).path) }
    }

    /// Ends the write stage and counts what the site holds, the carried
    /// albums' share included, as a full build would count it.
    mutating func report(_ final: SitePages.Result, plans: [RenditionPlan], removed: Int) -> BuildReport {
        let privacy = privacyFindings(final, plans: plans)
        run.clock.end("write")
        let renditionFiles = Set(final.models.flatMap { $0.photos.flatMap { photo in
            photo.renditions.map(\.path) + photo.alternates.flatMap { $0.files.map(\.path) }
        } })
        let shown = Self.shownPhotos(final.models)
        let log = run.log
        var report = BuildReport(page: run.options.output.appendingPathComponent("index.html"),
                           photos: shown, albums: final.models.count,
                           warnings: log.warnings, notices: log.notices, renditionsMade: renditionsMade,
                           privacyFindings: privacy, pages: final.rendered.filter { $0.path.hasSuffix(".html") }.count,
                           pagesRendered: final.rendered.filter { $0.path.hasSuffix(".html") && !$0.kept }.count,
                           renditionsKept: max(0, renditionFiles.count - renditionsMade), filesRemoved: removed,
                           stages: run.clock.stages)
        report.videosPublished = shown.filter { $0.video != nil }.count
        report.unlisted = UnlistedAlbums.list(tree, baseURL: run.options.baseURL)
        report.videosSkipped = log.videosLeftOut + log.warnings.filter {
            if case .videoNotPublished = $0.reason { return true }
            return false
        }.count
        report.videoToolRuns = run.videoTool?.runs ?? 0
        (report.zipsMade, report.zipsKept) = (downloadCounts.made.count, downloadCounts.kept)
        if let patch, let carried {
            // Every rendition of the site is in the index this build used, the carried ones too.
            report.renditionsKept = renditionIndex.usedCount - renditionsMade
            report.pages += carried.pages
            report.albums += patch.carried.values.reduce(0) { $0 + $1.treeAlbums }
            report.albumsCarried = patch.carried.values.reduce(0) { $0 + $1.treeAlbums }
            report.replayedPhotoCount = shown.count + patch.carried.values.reduce(0) { $0 + $1.photos }
            report.videosPublished += patch.carried.values.reduce(0) { $0 + $1.videos }
            report.zipsKept += carried.files.filter(AlbumDownloads.isArchive).count
        }
        return report
    }

    /// What the next build trusts, begun: the output's folders given the
    /// build's time and each album's record kept (both change the folders,
    /// so they come first), then the output stamped on another thread while
    /// the report is made (a walk of 200,000 files at 100,000 photos).
    func stampForNextBuild(final: SitePages.Result, finalFiles: Set<String>) -> Pending<TreeStamp?> {
        output.stampFolders(holding: carried == nil ? finalFiles : final.ownFiles)
        AlbumRecord.save(records, output: output)
        let (root, reusing, owned) = (output.root, patch?.untouchedOutputFolders ?? [:], output.owned)
        return Pending { BuildSnapshot.outputStamp(root, reusing: reusing, expecting: owned) }
    }

    /// What the next build trusts, ended: the snapshot, with the output's
    /// stamp `outputStamp` (``stampForNextBuild(final:finalFiles:)``); and, unless the
    /// build frees it, the working data left allocated on purpose (``BuildOptions/freesWorkingData``).
    func leaveForNextBuild(_ report: BuildReport, outputStamp: TreeStamp?, final: SitePages.Result, finalFiles: Set<String>,
                           plans: [RenditionPlan]) {
        Site.recordSnapshot(of: report, inputs: run.inputs, output: output, stamp: outputStamp)
        if !run.options.freesWorkingData {
            WorkingData.keep((output, fingerprints, renditionIndex, checked, final, plans, carried, finalFiles, tree))
        }
    }

    /// Every photo the site shows, each once (a keyword album shows photos
    /// of other albums), in model order: gathered straight into one array
    /// of its final size, not a flattened copy of 100,000 photos filtered
    /// into a growing third, which made a large build's memory peak.
    static func shownPhotos(_ models: [PageModel]) -> [Photo] {
        // One album (a flat library): its photos, each a file of its own, are
        // the list, sharing the model's storage rather than copying it.
        if models.count == 1 { return models[0].photos }
        let total = models.reduce(0) { $0 + $1.photos.count }
        var seen: Set<String> = []
        seen.reserveCapacity(total)
        var shown: [Photo] = []
        shown.reserveCapacity(total)
        for model in models {
            for photo in model.photos where seen.insert(photo.path).inserted { shown.append(photo) }
        }
        return shown
    }
}
