extension SiteWrite {
    /// The renditions stage: makes every missing rendition and returns the
    /// photos as made (one per plan that came out).
    mutating func makeRenditions(_ plans: [RenditionPlan]) throws(BuildError) -> RenditionWork.Made {
        renditionsMade = RenditionWork.uniqueMissing(plans)
        let options = run.options
        let rendered = try RenditionWork.run(plans, album: run.album, output: &output, settings: options.renditions,
                                             index: &renditionIndex, log: &run.log, videoTool: run.videoTool,
                                             cancellation: options.cancellation,
                                             progress: run.progress)
        if rendered.count == 0 {
            throw .noReadableImages(path: run.album.displayName, skipped: tree.candidateCount)
        }
        try run.checkStrict()
        run.clock.end("renditions")
        return rendered
    }

    /// The final pages: the planned ones when every rendition came out as
    /// planned (none dropped, none a PNG where a JPEG was guessed), else
    /// rendered again from the photos as made, and checked.
    mutating func finalPages(_ plans: [RenditionPlan], rendered: RenditionWork.Made,
                             provisional: inout SitePages.Result?) throws(BuildError) -> SitePages.Result {
        if rendered.photos == nil, !downloadCounts.changed, let planned = provisional {
            // Handed over, not shared: a second reference would make any
            // change to the final pages (a sealed album's) copy every page.
            provisional = nil
            return planned
        }
        // The provisional pages are offered to the final render (a page
        // whose data is unchanged is taken from them), then let go.
        let earlier = provisional
        provisional = nil
        let final = try pages.render(tree.replacingPhotos(rendered.photos(of: plans)), output: output, checked: checked, carried: carried,
                                     earlier: earlier, progress: run.progress)
        try output.checkWritable(Array(final.ownFiles))
        return final
    }

    /// Each link of a caption or description the final pages show as text
    /// (``CaptionLinks``), as a notice on the album or photo it was written for.
    mutating func noteDroppedLinks(_ final: SitePages.Result) {
        for link in final.droppedLinks {
            run.log.add(run.album.display(link.source), .linkToNothing(href: link.href))
        }
    }
}
