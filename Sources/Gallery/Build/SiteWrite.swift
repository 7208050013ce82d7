import Foundation
import Parallel

/// The second half of a build, under the output folder's lock: the state
/// its stages hand on, from the last build's bookkeeping to the report.
///
/// Each stage is a method, run in the order ``write(_:_:photos:)`` lists them:
/// everything is planned, rendered and checked before the first rendition is
/// made, and nothing is written before every page is checked.
struct SiteWrite {
    var run: BuildRun
    let tree: Album
    /// The albums carried from the last build, when the scan could carry them.
    let patch: AlbumPatch?
    var output: OutputFolder
    /// The last build's verdicts on its files, trusted for the files it left as they were.
    let checked: MarkupVerdicts
    var fingerprints: SourceFingerprints
    var renditionIndex: RenditionIndex
    var pages: SitePages
    /// The renditions `--shard` builds made here, taken as this build's own.
    let shards: ShardAdoption
    /// What the carried albums keep: their sources' lines, their renditions and files.
    var carried: AlbumPatch.Carried?
    var carriedHashes: Set<ContentHash> = []
    /// What each album's card needs, kept for the next build.
    var records: [(path: String, record: AlbumRecord?)] = []
    /// Renditions made by this build, one per missing width and format.
    var renditionsMade = 0
    /// The albums' ZIP downloads this build made and kept.
    var downloadCounts = DownloadCounts()

    /// The stages, in order.
    static func write(_ run: BuildRun, _ scanned: ScannedAlbum, photos: consuming [Photo]) throws(BuildError) -> BuildReport {
        var site = try SiteWrite(run, scanned)
        let plans = try site.planRenditions(consume photos)
        var provisional = try site.renderPlannedPages(plans)
        let rendered = try site.makeRenditions(plans)
        try site.makeDownloads(rendered, plans: plans)
        var final = try site.finalPages(plans, rendered: rendered, provisional: &provisional)
        site.noteDroppedLinks(final)
        let sealed = try site.sealPasswordAlbums(&final)
        let finalFiles = try site.publishOriginals(final)
        try site.writeIcons(final)
        try site.writePages(final)
        try site.writeSealed(sealed)
        let removed = try site.writeBookkeeping(final, finalFiles: finalFiles)
        let outputStamp = site.stampForNextBuild(final: final, finalFiles: finalFiles)
        let report = site.report(final, plans: plans, removed: removed)
        site.leaveForNextBuild(report, outputStamp: outputStamp.take() ?? nil, final: final, finalFiles: finalFiles, plans: plans)
        return report
    }

    /// The first stage: the last build's bookkeeping (``LastBookkeeping``,
    /// read beside the scan when it could be), the output folder opened,
    /// and the pages' own paths checked (known from the names: a foreign
    /// index.html in the way fails here, before any photo is hashed).
    init(_ run: BuildRun, _ scanned: ScannedAlbum) throws(BuildError) {
        let options = run.options
        let last = run.lastBookkeeping?.take()
            ?? LastBookkeeping.read(root: options.output, sourceDateEpoch: options.sourceDateEpoch,
                                    themeKey: MarkupVerdicts.themeKey(run.theme))
        let outputAndChecked = last.outputAndChecked
        (self.run, tree, patch) = (run, scanned.tree, scanned.patch)
        output = try outputAndChecked.get().0
        output.tracksAdded = patch != nil
        output.untouched = scanned.outputUntouched
        var geometry = GridGeometry.standard
        geometry.order = options.order.placement
        let title = options.title ?? tree.ownTitle ?? run.album.url.standardizedFileURL.lastPathComponent
        pages = SitePages(theme: run.theme, options: options, rootTitle: title, geometry: geometry)
        pages.languages = scanned.languages
        try output.checkWritable(pages.plannedPaths(for: tree))
        (fingerprints, renditionIndex) = (last.fingerprints, last.renditionIndex)
        checked = try outputAndChecked.get().1
        shards = ShardAdoption(in: output, settings: options.renditions)
    }
}
