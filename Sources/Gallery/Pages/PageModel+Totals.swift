import Mustache

extension PageModel {
    /// `3 albums · 12 photos · 1 video`: this page's own photos and videos
    /// counted apart, so an album of one clip says `1 video`. Only an
    /// album's first page shows it (``dropTotals(from:)``).
    var countLabel: String {
        let videos = photos.reduce(0) { $0 + ($1.isVideo ? 1 : 0) }
        return strings.countLabel(photos: photos.count - videos, videos: videos, albums: albums.count)
    }

    /// Leaves out of an album page after the first whatever says how many
    /// photos the album has (`count`, `countLabel`): a photo added to an
    /// album of 100,000 on 50 pages then changes the first page and those
    /// near the end, not all 50 (``laterAlbumPageDigests(context:own:)``).
    /// The first page keeps them; the viewer reads the total from the
    /// album's ``photoIndexName``.
    func dropTotals(from album: inout [String: Value]) {
        album["count"] = nil
        album["countLabel"] = nil
    }

    /// Photo `index`'s tile fields (`tile`, its ``photoFields(_:)``) on an
    /// album page after the first: without `position` (`3 of 28`), and
    /// named `Photo 3` rather than `Photo 3 of 28` when it has no name, as
    /// on its own page (``photoPageFields(_:tile:)``), keeping its `index`.
    func laterPageTile(_ index: Int, _ tile: [String: Value]) -> [String: Value] {
        var fields = photoPageFields(index, tile: tile)
        fields["index"] = tile["index"]
        return fields
    }
}
