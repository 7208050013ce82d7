extension Album {
    /// Gives each sub-album whose cover is its default (none named in
    /// `album.json` or sigal's `Thumbnail:`) a cover no earlier sibling
    /// shows: the first photo of its tree, in sort order, that no earlier
    /// sibling uses, else its default when every one is used. Explicit covers
    /// are kept even when equal.
    ///
    /// Real sibling albums hold disjoint photos, so their defaults never
    /// collide; the ones that do are the keyword albums (one photo under
    /// several keywords) and the keyword index beside the album it takes its
    /// cover from. Those are made from the whole tree every build, never
    /// carried, so an incremental build chooses as a cold one does. A carried
    /// album keeps the cover its record holds: its photos are not read, and
    /// it cannot collide anyway.
    mutating func distinguishSiblingCovers() {
        var used: Set<String> = []
        for index in albums.indices {
            let child = albums[index]
            if child.carried == nil, child.namedCover == nil, let cover = child.cover, used.contains(cover.path),
               let other = child.listedPhotos.first(where: { !used.contains($0.path) }) {
                albums[index].cover = other
            }
            if let cover = albums[index].cover { used.insert(cover.path) }
        }
    }
}
