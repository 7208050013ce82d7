extension Album {
    /// `album.json`'s `cover` (a photo, or a sub-album whose cover is taken),
    /// else the first photo in sort order, else the first sub-album's cover.
    var chosenCover: Photo? {
        if let named = namedCover.map(NameKey.of) {
            if let photo = photos.first(where: { NameKey.of($0.fileName) == named }) { return photo }
            if let child = listedAlbums.first(where: { NameKey.of($0.name) == named }), let cover = child.cover {
                return cover
            }
        }
        return photos.first ?? listedAlbums.lazy.compactMap(\.cover).first
    }

    /// Whether `name` is one of its photos or sub-albums.
    func hasNamed(_ name: String) -> Bool {
        let key = NameKey.of(name)
        return photos.contains { NameKey.of($0.fileName) == key } || albums.contains { NameKey.of($0.name) == key }
    }

    /// Every photo of the tree, album by album, parents before children.
    var allPhotos: [Photo] { photos + albums.flatMap(\.allPhotos) }

    /// The tree with each photo replaced by the one of the same path in
    /// `replacements` (its renditions attached); photos not there are
    /// dropped, albums left empty are dropped, covers chosen again.
    func replacingPhotos(_ replacements: [Photo]) -> Album {
        // Most builds lose no photo, so the replacements are the tree's
        // photos in order: matched by position, not by hashing 100,000 paths.
        var position = 0
        if let same = replacingInOrder(replacements, from: &position), position == replacements.count { return same }
        var byPath: [String: Photo] = [:]
        byPath.reserveCapacity(replacements.count)
        for photo in replacements { byPath[photo.path] = photo }
        return replacingPhotos(byPath)
    }

    /// ``replacingPhotos(_:)`` when `replacements`, from `position` on, are
    /// this tree's photos in ``allPhotos`` order, each the same path; nil
    /// at the first that is not (a photo dropped, a carried album, a photo
    /// in two albums), and the caller matches by path instead.
    private func replacingInOrder(_ replacements: [Photo], from position: inout Int) -> Album? {
        guard carried == nil else { return nil }
        var album = self
        for index in album.photos.indices {
            guard position < replacements.count, replacements[position].path == album.photos[index].path else { return nil }
            album.photos[index] = replacements[position]
            position += 1
        }
        for index in album.albums.indices {
            guard let replaced = album.albums[index].replacingInOrder(replacements, from: &position) else { return nil }
            album.albums[index] = replaced
        }
        album.albums = album.albums.filter { !$0.isEmpty }
        album.distinguishSiblingCovers()
        album.cover = album.chosenCover
        return album
    }

    private func replacingPhotos(_ byPath: [String: Photo]) -> Album {
        var album = self
        if carried != nil {
            album.cover = cover.map { byPath[$0.path] ?? $0 }
            return album
        }
        album.photos = photos.compactMap { byPath[$0.path] }
        album.albums = albums.map { $0.replacingPhotos(byPath) }.filter { !$0.isEmpty }
        album.distinguishSiblingCovers()
        album.cover = album.chosenCover
        return album
    }
}

extension Album {
    /// Candidate image files listed in it and below it.
    var candidateCount: Int { files.count + albums.reduce(0) { $0 + $1.candidateCount } }
}

extension Array {
    /// The elements in order, each `key` kept once (its first).
    func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen: Set<Key> = []
        return filter { seen.insert(key($0)).inserted }
    }
}
