extension SiteWrite {
    /// The hash stage: the shards' renditions adopted, every photo hashed and
    /// its renditions planned, and what the carried albums keep set aside.
    /// The plans carry every photo: `photos` goes when this returns.
    mutating func planRenditions(_ photos: consuming [Photo]) throws(BuildError) -> [RenditionPlan] {
        try shards.adopt(into: &output, index: &renditionIndex)
        run.warnOfMotionWithoutFFmpeg(photos)
        let plans = RenditionPlan.plans(
            for: photos, album: run.album, output: output, settings: run.options.renditions, geometry: pages.geometry,
            fingerprints: &fingerprints, index: renditionIndex, motion: run.videoTool != nil,
            webm: run.makesWebMClips(photos), watermarks: run.treatments, seen: run.inputs.files, log: &run.log)
        _ = consume photos
        run.inputs.files = [:]
        if let patch {
            let hashes = fingerprints.carry(matching: { !patch.isChanged(source: $0) })
            carriedHashes = hashes.carried
            carried = patch.carriedFiles(owned: output.owned, dropped: hashes.others.subtracting(hashes.carried))
        }
        run.clock.end("hash")
        try run.options.cancellation.check()
        return plans
    }

    /// The pages stage: renders and checks the pages with the renditions as
    /// planned, so a broken theme or a foreign file in the way fails here,
    /// before any image work and before anything is written.
    mutating func renderPlannedPages(_ plans: [RenditionPlan]) throws(BuildError) -> SitePages.Result? {
        let provisional: SitePages.Result?
        do {
            // Scoped so the planned tree (every photo) goes before the renditions are made.
            let planned = tree.replacingPhotos(RenditionPlan.provisionalPhotos(of: plans))
            // Taken from the planned tree: it differs from the final one only
            // when a photo is dropped, which is a warning, and a build with a
            // warning leaves no snapshot, so no next build reads these records.
            records = AlbumRecord.records(of: planned, folders: run.inputs.folders)
            predictDownloads(planned)
            provisional = try pages.render(planned, output: output, checked: checked, carried: carried,
                                           progress: run.progress)
        }
        try output.checkWritable(Array(provisional?.ownFiles ?? []))
        run.clock.end("pages")
        try run.options.cancellation.check()
        return provisional
    }
}
