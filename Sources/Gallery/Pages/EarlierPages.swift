/// The pages rendered earlier in the same build (the planned pages, before
/// the renditions and downloads were made), offered to the final render:
/// a page whose data is the same (its model digest, ``SitePages/Result/modelDigests``)
/// is taken as it was rather than rendered and checked again; the assets
/// too, when the home page's data (which they take) is the same. So a cold
/// build that makes an album's ZIP renders the album's first page twice,
/// not every page of the site.
struct EarlierPages {
    let result: SitePages.Result
    /// Each earlier file's place in `result.rendered`, by path.
    private let positions: [String: Int]
    /// Whether the earlier pages' links stand: no file the site had then is
    /// gone now (files may only have been added, a ZIP say).
    private let linksHold: Bool
    /// Whether the earlier assets stand: the home page's data is the same.
    private let assetsHold: Bool
    private let assetNames: Set<String>

    /// `result` offered to a render whose site holds `files`, its home page
    /// at `homePath` made from data of digest `homeDigest`, its theme's assets `assetNames`.
    init(_ result: SitePages.Result, files: Set<String>, homePath: String, homeDigest: ContentHash?, assetNames: [String]) {
        self.result = result
        var positions: [String: Int] = [:]
        positions.reserveCapacity(result.rendered.count)
        for (index, file) in result.rendered.enumerated() { positions[file.path] = index }
        self.positions = positions
        linksHold = result.files.isSubset(of: files)
        assetsHold = homeDigest != nil && result.modelDigests[homePath] == homeDigest
        self.assetNames = Set(assetNames)
    }

    /// Whether the file at `path` is taken from the earlier render: a page
    /// whose data digest, `digest`, is the one it was rendered from then,
    /// or (no digest) an asset while ``assetsHold``.
    func reuses(_ path: String, digest: ContentHash?) -> Bool {
        guard positions[path] != nil else { return false }
        guard let digest else { return assetsHold && assetNames.contains(path) }
        return result.modelDigests[path] == digest
    }

    /// The earlier file at `path`, its text digest and its links (when they
    /// stand), if it is taken (``reuses(_:digest:)``).
    func taken(_ path: String, digest: ContentHash?) -> (file: Theme.RenderedFile, digest: ContentHash, links: PageLinks?)? {
        guard reuses(path, digest: digest), let position = positions[path] else { return nil }
        return (result.rendered[position], result.digests[position], linksHold ? result.links[path] : nil)
    }
}
