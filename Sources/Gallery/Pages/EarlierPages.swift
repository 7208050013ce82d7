/// The pages rendered earlier in the same build (the planned pages, before
/// the renditions and downloads were made), offered to the final render:
/// a page whose data is the same (its model digest, ``SitePages/Result/modelDigests``)
/// is taken as it was rather than rendered and checked again. So a cold
/// build that makes an album's ZIP renders the album's first page twice,
/// not every page of the site.
struct EarlierPages {
    let result: SitePages.Result
    /// Each earlier file's place in `result.rendered`, by path.
    private let positions: [String: Int]
    /// Whether the earlier pages' links stand: no file the site had then is
    /// gone now (files may only have been added, a ZIP say).
    let linksHold: Bool
    /// The home page's model digest then: the assets take its data.
    private let homeDigest: ContentHash?

    /// `result` offered to a render whose site holds `files`, its home page at `homePath`.
    init(_ result: SitePages.Result, files: Set<String>, homePath: String) {
        self.result = result
        var positions: [String: Int] = [:]
        positions.reserveCapacity(result.rendered.count)
        for (index, file) in result.rendered.enumerated() { positions[file.path] = index }
        self.positions = positions
        linksHold = result.files.isSubset(of: files)
        homeDigest = result.modelDigests[homePath]
    }

    /// Whether the page at `path` was rendered earlier from data of digest `digest`.
    func reuses(_ path: String, digest: ContentHash) -> Bool {
        positions[path] != nil && result.modelDigests[path] == digest
    }

    /// Whether the assets, rendered earlier from the home page's data, are as
    /// they would be now that its digest is `homeDigest`.
    func reusesAssets(homeDigest: ContentHash) -> Bool {
        self.homeDigest == homeDigest
    }

    /// The earlier file at `path` and its text digest and links (when they
    /// stand), if the page is taken from the earlier render: its data
    /// digest `digest` then equals now's, or it is an asset with
    /// ``reusesAssets(homeDigest:)`` (`asset`).
    func file(_ path: String, digest: ContentHash?, asset: Bool)
        -> (file: Theme.RenderedFile, digest: ContentHash, links: PageLinks?)? {
        guard let position = positions[path] else { return nil }
        if let digest {
            guard result.modelDigests[path] == digest else { return nil }
        } else if !asset {
            return nil
        }
        return (result.rendered[position], result.digests[position], linksHold ? result.links[path] : nil)
    }
}
