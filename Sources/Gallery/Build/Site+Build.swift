import Foundation
import Synchronization

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
        var options = options
        // One spelling for the checks and the writes: `album/a/../site` is
        // `album/site`, and no folder `a` is made on the way.
        options.output = options.output.standardizedFileURL
        var log = WarningLog(forwardingTo: warn)
        var clock = StageClock()
        var album = try AlbumFolder(options.album)
        album.excludedFolder = try OutputPlacement.check(output: options.output, album: album)
        let theme = try Theme.load(options.templates)
        // Looked for once per build; without it videos are left out, with one warning.
        let videoTool = options.videos.publishes ? VideoTool.find(searchPath: options.videos.searchPath) : nil
        // Stamped before anything in the album is read, so a change made
        // while this build runs is seen by the next one.
        // (A shard writes no page and leaves no stamp.)
        let inputs = options.shard != nil ? Inputs()
            : Inputs(key: BuildSnapshot.key(options, videoTool: videoTool), album: BuildSnapshot.albumStamp(album))
        var heldLock: OutputLock?
        if options.shard == nil, let snapshot = BuildSnapshot.load(from: options.output) {
            // A snapshot is there, so the folder and its lock file are: taking
            // the lock creates nothing, and the full build keeps holding it.
            let lock = try OutputLock(root: options.output, displayName: PathText.display(options.output),
                                      sourceDateEpoch: options.sourceDateEpoch)
            if let report = unchangedBuild(options, snapshot: snapshot, inputs: inputs, clock: &clock) {
                withExtendedLifetime(lock) {}
                return report
            }
            heldLock = lock
        }
        // Every folder is listed and every album.json read before any photo is opened.
        var tree = try AlbumTree.read(album, log: &log)
        let languages = try theme.languages(of: tree, root: album, site: options.language, strict: options.strictTemplates)
        let siteLanguage = options.language ?? Theme.defaultLanguage

        let candidates = tree.candidateCount
        let read = Atomic<Int>(0)
        PhotoScan.scan(&tree, root: album, log: &log, videos: videoTool != nil, read: {
            progress(BuildProgress(stage: "scan", done: read.add(1, ordering: .relaxed).newValue, total: candidates))
        })
        if options.videos.publishes && videoTool == nil && log.videosLeftOut > 0 {
            log.add(album.displayName, .videosNeedFFmpeg(count: log.videosLeftOut))
        }
        if tree.config.keywordAlbums == true {
            let strings = languages[tree.language ?? siteLanguage] ?? .english
            tree = KeywordAlbums.adding(to: tree, log: &log, root: album, title: strings.text("keywords"))
        }
        let photos = tree.allPhotos.uniqued(by: \.path)
        if photos.isEmpty {
            throw tree.candidateCount == 0
                ? .albumEmpty(path: album.displayName)
                : .noReadableImages(path: album.displayName, skipped: tree.candidateCount)
        }
        if options.strict && !log.isEmpty { throw .strictWarnings(count: log.warnings.count) }
        clock.end("scan")
        try options.cancellation.check()
        if let shard = options.shard {
            return try buildShard(shard, options, album: album, photos: photos, videoTool: videoTool, log: &log,
                                  clock: &clock, progress: progress)
        }

        // From here to the end no other build may touch the output folder:
        // its manifest is read under the lock.
        let lock: OutputLock
        if let heldLock {
            lock = heldLock
        } else {
            lock = try OutputLock(root: options.output, displayName: PathText.display(options.output),
                                  sourceDateEpoch: options.sourceDateEpoch)
        }
        // What a build killed mid-write left behind, now that none can be writing.
        StrayTemporaries.remove(in: options.output.path)
        do throws(BuildError) {
            try options.cancellation.check()
            let report = try writeSite(options, album: album, theme: theme, tree: tree, photos: consume photos,
                                       languages: languages, videoTool: videoTool, inputs: inputs, log: &log, clock: &clock,
                                       progress: progress)
            withExtendedLifetime(lock) {}
            return report
        } catch {
            lock.abandon()
            throw error
        }
    }

    /// What this build leaves for the next one to trust: each written file's
    /// digest, size and links.
    private static func verdicts(_ site: SitePages.Result, kept: CheckedSite) -> CheckedSite {
        var verdicts = CheckedSite(themeKey: kept.themeKey)
        for (index, file) in site.rendered.enumerated() {
            let size = file.kept ? kept.entries[file.path]?.size ?? -1 : Int64(file.body.count)
            verdicts.entries[file.path] = CheckedSite.Entry(text: site.digests[index], size: size,
                                                            model: site.modelDigests[file.path],
                                                            links: site.links[file.path] ?? .none)
        }
        return verdicts
    }

    /// The build's second half, under the output folder's lock: plans the
    /// renditions, renders and checks the pages, then writes.
    private static func writeSite(_ options: BuildOptions, album: AlbumFolder, theme: Theme, tree: Album,
                                  photos: consuming [Photo], languages: [String: LanguageStrings], videoTool: VideoTool?, inputs: Inputs,
                                  log: inout WarningLog, clock: inout StageClock,
                                  progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildError) -> BuildReport {
        var output = OutputFolder(root: options.output, sourceDateEpoch: options.sourceDateEpoch)
        var geometry = GridGeometry.standard
        geometry.order = options.order.placement
        let title = options.title ?? tree.config.title ?? album.url.standardizedFileURL.lastPathComponent
        var pages = SitePages(theme: theme, options: options, rootTitle: title, geometry: geometry)
        pages.languages = languages
        // The pages' own paths are known from the names: a foreign index.html
        // in the way fails here, before any photo is hashed.
        try output.checkWritable(pages.plannedPaths(for: tree))

        var fingerprints = SourceFingerprints(loadingFrom: options.output.appendingPathComponent(SourceFingerprints.fileName))
        var renditionIndex = RenditionIndex(loadingFrom: options.output.appendingPathComponent(RenditionIndex.fileName))
        // What `--shard` builds made here becomes this build's own.
        let shards = ShardAdoption(in: output, settings: options.renditions)
        try shards.adopt(into: &output, index: &renditionIndex)
        let plans = RenditionPlan.plans(
            for: photos, album: album, output: output, settings: options.renditions, geometry: geometry,
            fingerprints: &fingerprints, index: renditionIndex, log: &log)
        // The plans carry every photo now; the list goes (100,000 photos are tens of megabytes).
        _ = consume photos
        clock.end("hash")
        try options.cancellation.check()
        // Render and check the pages first with the renditions as planned: a
        // broken theme or a foreign file in the way fails here, before any
        // image work and before anything is written.
        let checked = CheckedSite.load(from: output, theme: theme)
        var provisional: SitePages.Result? = try pages.render(tree.replacingPhotos(plans.map(\.provisionalPhoto)),
                                                              output: output, checked: checked, progress: progress)
        try output.checkWritable(Array(provisional?.files ?? []))
        clock.end("pages")
        try options.cancellation.check()

        let renditionsMade = RenditionWork.uniqueMissing(plans)
        let rendered = try RenditionWork.run(plans, album: album, output: &output, settings: options.renditions,
                                             index: &renditionIndex, log: &log, videoTool: videoTool,
                                             cancellation: options.cancellation,
                                             progress: progress)
        if rendered.isEmpty {
            throw .noReadableImages(path: album.displayName, skipped: tree.candidateCount)
        }
        if options.strict && !log.isEmpty { throw .strictWarnings(count: log.warnings.count) }
        clock.end("renditions")
        // Every rendition came out as planned (none dropped, none a PNG where
        // a JPEG was guessed): the pages as planned are the pages.
        let unchanged = rendered == plans.map(\.provisionalPhoto)
        let final: SitePages.Result
        if unchanged, let planned = provisional {
            final = planned
        } else {
            // Let go of the provisional pages before rendering the final ones.
            provisional = nil
            final = try pages.render(tree.replacingPhotos(rendered), output: output, checked: checked, progress: progress)
        }
        if !unchanged { try output.checkWritable(Array(final.files)) }
        // Every file of the finished site is listed as Cascade's before the
        // first original or page is written: a build stopped in this phase
        // leaves nothing the next build would take for the user's own.
        for photo in pages.withheldOriginals(final.models) {
            log.add(album.display(photo.path), .originalWithheld(photo.header.format))
        }
        let finalFiles = final.files.union([OutputLock.fileName])
        try output.recordIntent(Array(finalFiles))
        for (photo, path) in pages.originals(final.models) {
            try options.cancellation.check()
            try Originals.publish(album.url.appendingPathComponent(photo.path), to: path,
                                  policy: options.originals, output: output)
        }
        for (number, (file, digest)) in zip(final.rendered, final.digests).enumerated() {
            try options.cancellation.check()
            // A page left exactly as the last build wrote it is not read back.
            if !file.kept && !checked.isOnDisk(file.path, digest: digest, in: output) {
                try output.write(Data(file.text.utf8), to: file.path)
            }
            progress(BuildProgress(stage: "write", done: number + 1, total: final.rendered.count))
        }
        try options.cancellation.check()
        try output.write(fingerprints.serialized, to: SourceFingerprints.fileName)
        try output.write(renditionIndex.serialized, to: RenditionIndex.fileName)
        shards.removeRecords(in: output)
        let removed = try output.finish(written: finalFiles)
        // Last, so its change time is later than every page's (``CheckedSite/isOnDisk``).
        try output.write(Self.verdicts(final, kept: checked).bytes, to: CheckedSite.fileName,
                         always: true)
        // The privacy verdict on what this build published that could carry
        // metadata: the originals, and the renditions it made (those kept were
        // checked when they were made; pages carry only what templates print).
        let made = Set(plans.flatMap(\.candidatePaths)).intersection(final.files)
        let published = pages.originals(final.models).map(\.path) + made.sorted()
        let privacy = published.compactMap { MetadataAudit.findings(inFileAt: options.output.appendingPathComponent($0).path) }
        clock.end("write")
        let renditionFiles = Set(final.models.flatMap { $0.photos.flatMap { photo in
            photo.renditions.map(\.path) + photo.alternates.flatMap { $0.files.map(\.path) }
        } })
        let shown = final.models.flatMap(\.photos).uniqued(by: \.path)
        let videosPublished = shown.filter { $0.video != nil }.count
        var report = BuildReport(page: options.output.appendingPathComponent("index.html"),
                           photos: shown, albums: final.models.count,
                           warnings: log.warnings, notices: log.notices, renditionsMade: renditionsMade,
                           privacyFindings: privacy, pages: final.rendered.filter { $0.path.hasSuffix(".html") }.count,
                           pagesRendered: final.rendered.filter { $0.path.hasSuffix(".html") && !$0.kept }.count,
                           renditionsKept: max(0, renditionFiles.count - renditionsMade), filesRemoved: removed,
                           stages: clock.stages)
        report.videosPublished = videosPublished
        report.videosSkipped = log.videosLeftOut + log.warnings.filter {
            if case .videoNotPublished = $0.reason { return true }
            return false
        }.count
        report.videoToolRuns = videoTool?.runs ?? 0
        recordSnapshot(of: report, inputs: inputs, output: output)
        return report
    }
}
