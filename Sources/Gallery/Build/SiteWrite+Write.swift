import Foundation
import Parallel
import Synchronization

extension SiteWrite {
    /// Lists every file of the finished site as Cascade's, then publishes
    /// the originals. Listed before the first original or page is written:
    /// a build stopped in this phase leaves nothing the next build would
    /// take for the user's own. Returns the files the site now holds.
    mutating func publishOriginals(_ final: SitePages.Result) throws(BuildError) -> Set<String> {
        for photo in pages.withheldOriginals(final.models) {
            run.log.add(run.album.display(photo.path), .originalWithheld(photo.header.format))
        }
        let finalFiles = final.files.union([OutputLock.fileName])  // `final.files` holds the carried files too
        // (A carried file is the manifest's already.)
        try output.recordIntent(Array(carried == nil ? finalFiles : final.ownFiles.union([OutputLock.fileName])))
        for (photo, path) in pages.originals(final.models) {
            try run.options.cancellation.check()
            try Originals.publish(run.album.url.appendingPathComponent(photo.path), to: path,
                                  policy: run.options.originals, output: output, rights: run.treatments.copyright(of: photo))
        }
        return finalFiles
    }

    /// Writes the pages on every core; the manifest already lists them all.
    /// A page left exactly as the last build wrote it is not read back.
    func writePages(_ final: SitePages.Result) throws(BuildError) {
        let (files, digests, cancellation, folder) = (final.rendered, final.digests, run.options.cancellation, output)
        let (checked, progress) = (checked, run.progress)
        let written = Atomic<Int>(0)
        // A batch of pages a task: one result slot a page would be tens of megabytes at 200,000 pages.
        let batch = 256
        let failures = ParallelWork.map(count: (files.count + batch - 1) / batch) { part -> BuildError? in
            for number in (part * batch)..<min(files.count, (part + 1) * batch) {
                if cancellation.isCancelled { return nil }
                defer { progress(BuildProgress(stage: "write", done: written.add(1, ordering: .relaxed).newValue, total: files.count)) }
                guard !files[number].kept, !checked.isOnDisk(files[number].path, digest: digests[number], in: folder) else { continue }
                do throws(BuildError) {
                    try folder.write(Data(files[number].text.utf8), to: files[number].path)
                } catch {
                    return error
                }
            }
            return nil
        }
        try cancellation.check()
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
        try cancellation.check()
    }

    /// Writes the bookkeeping the next build reads, finishes the manifest
    /// (removing what the site no longer holds) and writes the checked-site
    /// verdicts last. Returns how many files were removed.
    mutating func writeBookkeeping(_ final: SitePages.Result, finalFiles: Set<String>) throws(BuildError) -> Int {
        renditionIndex.carry(hashes: carriedHashes)
        // The bookkeeping's bytes are made at once and the files written in
        // order; scoped so the verdicts (one per page) go once they are bytes.
        let checkedBytes: [UInt8]
        do {
            // The verdicts are gathered on a core of their own too: one per page.
            let (sources, index, kept, carried) = (fingerprints, renditionIndex, checked, carried)
            let bookkeeping = ParallelWork.map(count: 3) { part -> [UInt8] in
                part == 0 ? Self.verdictBytes(final, kept: kept, carried: carried)
                    : part == 1 ? index.serialized : sources.serialized
            }
            try output.write(bookkeeping[2], to: SourceFingerprints.fileName)
            try output.write(bookkeeping[1], to: RenditionIndex.fileName)
            checkedBytes = bookkeeping[0]
        }
        shards.removeRecords(in: output)
        let added = output.added
        let stale = carried.map {
            // The rest, and what this build meant to write and did not (a PNG's JPEG name).
            $0.rest.union(added).subtracting(final.ownFiles).subtracting([OutputLock.fileName, OutputFolder.manifestName])
        }
        let removed = try output.finish(written: finalFiles, stale: stale,
                                        touched: carried == nil ? nil : final.ownFiles.union([OutputLock.fileName]))
        // Last, so its change time is later than every page's (``MarkupVerdicts/isOnDisk``).
        try output.write(checkedBytes, to: MarkupVerdicts.fileName, always: true)
        return removed
    }

    /// What this build leaves for the next one to trust, as the file's
    /// bytes: each written file's digest, size and links, and with carried
    /// albums the last build's verdicts but those of the rest of its files
    /// (a carried page's verdict is the last build's, as its text is).
    /// Each written file's entry is made on every core and every entry put
    /// in path order, with no table of 100,000 entries made first; of two
    /// entries for one path the later wins (a written file's over a carried one's).
    private static func verdictBytes(_ site: SitePages.Result, kept: MarkupVerdicts,
                                     carried: AlbumPatch.Carried?) -> [UInt8] {
        let files = site.rendered
        let written = ParallelWork.map(count: files.count, run: 2048) { index in
            (files[index].path, entry(of: files[index], digest: site.digests[index], site: site, kept: kept))
        }
        // Carried entries first, so a written file's is the later of a path's two.
        let all = carried.map { carried in
            kept.entries.filter { !carried.rest.contains($0.key) }.map { ($0.key, $0.value) } + written
        } ?? written
        let paths = all.map(\.0)
        let order = paths.indices.sorted { paths[$0] != paths[$1] ? paths[$0] < paths[$1] : $0 < $1 }
        let last = order.indices.filter { $0 + 1 == order.count || paths[order[$0 + 1]] != paths[order[$0]] }
        return MarkupVerdicts.bytes(themeKey: kept.themeKey, count: last.count, sorted: last.lazy.map { all[order[$0]] })
    }

    /// A written file's verdict: its text's digest and size (a kept file's
    /// size as the last build recorded it), its data's digest and its links.
    private static func entry(of file: Theme.RenderedFile, digest: ContentHash, site: SitePages.Result,
                              kept: MarkupVerdicts) -> MarkupVerdicts.Entry {
        let size = file.kept ? kept.entries[file.path]?.size ?? -1 : Int64(file.body.count)
        return MarkupVerdicts.Entry(text: digest, size: size, model: site.modelDigests[file.path],
                                    links: site.links[file.path] ?? .none)
    }
}
