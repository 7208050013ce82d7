import Foundation
import Parallel
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
            : Inputs(key: BuildSnapshot.key(options, videoTool: videoTool), stamps: BuildSnapshot.albumStamps(album))
        var heldLock: OutputLock?
        // Whether the last build was clean, with these settings, and its
        // output is untouched: then albums may be carried. The output is
        // stamped while the album tree is read.
        let outputCheck = OutputCheck()
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
            if snapshot.key == inputs.key { outputCheck.start(options.output, expecting: snapshot.output) }
        }
        // Every folder is listed and every album.json read before any photo is opened.
        var tree = try AlbumTree.read(album, log: &log)
        let languages = try theme.languages(of: tree, root: album, site: options.language, strict: options.strictTemplates)
        let siteLanguage = options.language ?? Theme.defaultLanguage

        let read = Atomic<Int>(0)
        let patch = outputCheck.untouched().flatMap {
            patchedScan(&tree, inputs: inputs, output: $0, options: options, root: album, log: &log,
                        videos: videoTool != nil, read: read, progress: progress)
        }
        if patch == nil {
            let candidates = tree.candidateCount
            PhotoScan.scan(&tree, root: album, log: &log, videos: videoTool != nil, read: {
                progress(BuildProgress(stage: "scan", done: read.add(1, ordering: .relaxed).newValue, total: candidates))
            })
        }
        if options.videos.publishes && videoTool == nil && log.videosLeftOut > 0 {
            log.add(album.displayName, .videosNeedFFmpeg(count: log.videosLeftOut))
        }
        if tree.config.keywordAlbums == true {
            let strings = languages[tree.language ?? siteLanguage] ?? .english
            tree = KeywordAlbums.adding(to: tree, log: &log, root: album, title: strings.text("keywords"))
        }
        // A carried album's cover is planned with the photos read, so its card shows its renditions.
        let photos = (tree.allPhotos + tree.carriedCovers).uniqued(by: \.path)
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
        // (None can be left when albums are carried: the output is as the last clean build left it.)
        if patch == nil { StrayTemporaries.remove(in: options.output.path) }
        do throws(BuildError) {
            try options.cancellation.check()
            let report = try writeSite(options, album: album, theme: theme, tree: tree, photos: consume photos,
                                       languages: languages, videoTool: videoTool, inputs: inputs, patch: patch,
                                       log: &log, clock: &clock, progress: progress)
            withExtendedLifetime(lock) {}
            return report
        } catch {
            lock.abandon()
            throw error
        }
    }

    /// What this build leaves for the next one to trust: each written file's
    /// digest, size and links.
    private static func verdicts(_ site: SitePages.Result, kept: CheckedSite, carried: AlbumPatch.Carried?) -> CheckedSite {
        var verdicts = CheckedSite(themeKey: kept.themeKey)
        if let carried {
            // A carried page's verdict is the last build's, as its text is:
            // the last build's verdicts but those of the rest of its files.
            verdicts.entries = kept.entries
            for path in carried.rest { verdicts.entries[path] = nil }
        }
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
                                  patch: AlbumPatch?, log: inout WarningLog, clock: inout StageClock,
                                  progress: @escaping @Sendable (BuildProgress) -> Void) throws(BuildError) -> BuildReport {
        // The last build's bookkeeping, read two files at a time (each is
        // tens of megabytes at 100,000 photos).
        let root = options.output, epoch = options.sourceDateEpoch, themeKey = CheckedSite.themeKey(theme)
        let (loaded, outputAndChecked) = ParallelWork.both({
            (SourceFingerprints(loadingFrom: root.appendingPathComponent(SourceFingerprints.fileName)),
             RenditionIndex(loadingFrom: root.appendingPathComponent(RenditionIndex.fileName)))
        }, { () -> Result<(OutputFolder, CheckedSite), BuildError> in
            do throws(BuildError) {
                let output = try OutputFolder(root: root, sourceDateEpoch: epoch)
                return .success((output, CheckedSite.load(from: output, key: themeKey)))
            } catch {
                return .failure(error)
            }
        })
        var output = try outputAndChecked.get().0
        output.tracksAdded = patch != nil
        var geometry = GridGeometry.standard
        geometry.order = options.order.placement
        let title = options.title ?? tree.config.title ?? album.url.standardizedFileURL.lastPathComponent
        var pages = SitePages(theme: theme, options: options, rootTitle: title, geometry: geometry)
        pages.languages = languages
        // The pages' own paths are known from the names: a foreign index.html
        // in the way fails here, before any photo is hashed.
        try output.checkWritable(pages.plannedPaths(for: tree))

        var fingerprints = loaded.0
        var renditionIndex = loaded.1
        // What `--shard` builds made here becomes this build's own.
        let shards = ShardAdoption(in: output, settings: options.renditions)
        try shards.adopt(into: &output, index: &renditionIndex)
        let plans = RenditionPlan.plans(
            for: photos, album: album, output: output, settings: options.renditions, geometry: geometry,
            fingerprints: &fingerprints, index: renditionIndex, log: &log)
        // The plans carry every photo now; the list goes (100,000 photos are tens of megabytes).
        _ = consume photos
        // What the carried albums keep: their sources' lines, their renditions and files.
        var carried: AlbumPatch.Carried?
        var carriedHashes: Set<ContentHash> = []
        if let patch {
            let hashes = fingerprints.carry(matching: { !patch.isChanged(source: $0) })
            carriedHashes = hashes.carried
            carried = patch.carriedFiles(owned: output.owned, dropped: hashes.others.subtracting(hashes.carried))
        }
        clock.end("hash")
        try options.cancellation.check()
        // Render and check the pages first with the renditions as planned: a
        // broken theme or a foreign file in the way fails here, before any
        // image work and before anything is written.
        let checked = try outputAndChecked.get().1
        var provisional: SitePages.Result?
        // What each album's card needs, kept for the next build once this one
        // is done. (Taken from the planned tree: it differs from the final one
        // only when a photo is dropped, which is a warning, and a build with a
        // warning leaves no snapshot, so no next build reads these records.)
        let records: [(path: String, record: AlbumRecord?)]
        do {
            // Scoped so the planned tree (every photo) goes before the renditions are made.
            let planned = tree.replacingPhotos(plans.map(\.provisionalPhoto))
            records = AlbumRecord.records(of: planned, folders: inputs.folders)
            provisional = try pages.render(planned, output: output, checked: checked, carried: carried, progress: progress)
        }
        try output.checkWritable(Array(provisional?.ownFiles ?? []))
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
        // Only a photo that had work to do can differ from its plan's; the rest are compared by count.
        let unchanged = rendered.count == plans.count
            && zip(plans, rendered).allSatisfy { plan, photo in !plan.needsWork || photo == plan.provisionalPhoto }
        let final: SitePages.Result
        if unchanged, let planned = provisional {
            final = planned
        } else {
            // Let go of the provisional pages before rendering the final ones.
            provisional = nil
            final = try pages.render(tree.replacingPhotos(rendered), output: output, checked: checked, carried: carried,
                                     progress: progress)
        }
        if !unchanged { try output.checkWritable(Array(final.ownFiles)) }
        // Every file of the finished site is listed as Cascade's before the
        // first original or page is written: a build stopped in this phase
        // leaves nothing the next build would take for the user's own.
        for photo in pages.withheldOriginals(final.models) {
            log.add(album.display(photo.path), .originalWithheld(photo.header.format))
        }
        let finalFiles = final.files.union([OutputLock.fileName])  // `final.files` holds the carried files too
        // (A carried file is the manifest's already.)
        try output.recordIntent(Array(carried == nil ? finalFiles : final.ownFiles.union([OutputLock.fileName])))
        for (photo, path) in pages.originals(final.models) {
            try options.cancellation.check()
            try Originals.publish(album.url.appendingPathComponent(photo.path), to: path,
                                  policy: options.originals, output: output)
        }
        // Pages are written on every core; the manifest already lists them all.
        let (files, digests, cancellation, folder) = (final.rendered, final.digests, options.cancellation, output)
        let written = Atomic<Int>(0)
        // A batch of pages a task: one result slot a page would be tens of megabytes at 200,000 pages.
        let batch = 256
        let failures = ParallelWork.map(count: (files.count + batch - 1) / batch) { part -> BuildError? in
            for number in (part * batch)..<min(files.count, (part + 1) * batch) {
                if cancellation.isCancelled { return nil }
                defer { progress(BuildProgress(stage: "write", done: written.add(1, ordering: .relaxed).newValue, total: files.count)) }
                // A page left exactly as the last build wrote it is not read back.
                guard !files[number].kept, !checked.isOnDisk(files[number].path, digest: digests[number], in: folder) else { continue }
                do throws(BuildError) {
                    try folder.write(Data(files[number].text.utf8), to: files[number].path)
                } catch {
                    return error
                }
            }
            return nil
        }
        try options.cancellation.check()
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        try options.cancellation.check()
        renditionIndex.carry(hashes: carriedHashes)
        // The bookkeeping's bytes are made at once and the files written in
        // order; scoped so the verdicts (one per page) go once they are bytes.
        let checkedBytes: [UInt8]
        do {
            let (sources, index, verdicts) = (fingerprints, renditionIndex, Self.verdicts(final, kept: checked, carried: carried))
            let bookkeeping = ParallelWork.map(count: 3) { part -> [UInt8] in
                part == 0 ? sources.serialized : part == 1 ? index.serialized : verdicts.bytes
            }
            try output.write(bookkeeping[0], to: SourceFingerprints.fileName)
            try output.write(bookkeeping[1], to: RenditionIndex.fileName)
            checkedBytes = bookkeeping[2]
        }
        shards.removeRecords(in: output)
        let removed = try output.finish(written: finalFiles, stale: carried.map {
            // The rest, and what this build meant to write and did not (a PNG's JPEG name).
            $0.rest.union(output.added).subtracting(final.ownFiles).subtracting([OutputLock.fileName, OutputFolder.manifestName])
        }, touched: carried == nil ? nil : final.ownFiles.union([OutputLock.fileName]))
        // Last, so its change time is later than every page's (``CheckedSite/isOnDisk``).
        try output.write(checkedBytes, to: CheckedSite.fileName,
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
        if let patch, let carried {
            // The carried albums' share of the figures, as a full build would count them.
            // Every rendition of the site is in the index this build used, the carried ones too.
            report.renditionsKept = renditionIndex.usedCount - renditionsMade
            report.pages += carried.pages
            report.albums += patch.carried.values.reduce(0) { $0 + $1.treeAlbums }
            report.albumsCarried = patch.carried.values.reduce(0) { $0 + $1.treeAlbums }
            report.replayedPhotoCount = shown.count + patch.carried.values.reduce(0) { $0 + $1.photos }
            report.videosPublished += patch.carried.values.reduce(0) { $0 + $1.videos }
        }
        output.stampFolders(holding: carried == nil ? finalFiles : final.ownFiles)
        AlbumRecord.save(records, output: output)
        recordSnapshot(of: report, inputs: inputs, output: output, reusing: patch?.untouchedOutputFolders ?? [:])
        if !options.freesWorkingData {
            WorkingData.keep((output, fingerprints, renditionIndex, checked, final, plans, carried, finalFiles, tree))
        }
        return report
    }
}
