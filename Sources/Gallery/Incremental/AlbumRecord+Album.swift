import Foundation

extension AlbumRecord {
    /// The record of `album` (a read album; its carried sub-albums count by
    /// their records), its folder's stamp `stamp`.
    init(_ album: Album, stamp: TreeStamp) {
        self.init(stamp: stamp, photos: album.totalPhotoCount, albums: album.albums.count,
                  treeAlbums: album.treeAlbumCount, videos: album.treeVideoCount,
                  dates: album.dateRange, cover: album.cover?.path)
    }

    /// The record of every album of `tree` read by this build, by folder
    /// path (a carried album's stands); nil for an album whose folder has no
    /// stamp (a keyword album; a tree that could not be stamped).
    static func records(of tree: Album, folders: [String: TreeStamp]?) -> [(path: String, record: AlbumRecord?)] {
        var records: [(path: String, record: AlbumRecord?)] = []
        func visit(_ album: Album) {
            guard album.carried == nil else { return }
            let path = album.folderPath
            records.append((path, folders?[path].flatMap { album.isVirtual ? nil : AlbumRecord(album, stamp: $0) }))
            album.albums.forEach(visit)
        }
        visit(tree)
        return records
    }

    /// Keeps each record on its album's folder in `output`; an album with
    /// none loses any it had.
    /// (Through the open output folder: a link put where an album's folder
    /// was is never followed to label a folder elsewhere.)
    static func save(_ records: [(path: String, record: AlbumRecord?)], output: OutputFolder) {
        for (path, record) in records {
            let bytes = record.map { Array($0.text.utf8) }
            if let bytes, bytes.count <= maxBytes, output.folder.setAttribute(attribute, of: path, to: bytes) { continue }
            // Where it cannot be kept, no stale record outlives the album it describes.
            output.folder.setAttribute(attribute, of: path, to: nil)
        }
    }
}

extension Album {
    /// Albums in its tree, itself included.
    var treeAlbumCount: Int { carried?.treeAlbums ?? 1 + listedAlbums.reduce(0) { $0 + $1.treeAlbumCount } }

    /// Videos in it and below it.
    var treeVideoCount: Int {
        carried?.videos ?? photos.filter(\.isVideo).count + listedAlbums.reduce(0) { $0 + $1.treeVideoCount }
    }

    /// The covers of the carried albums in its tree.
    var carriedCovers: [Photo] {
        carried != nil ? (cover.map { [$0] } ?? []) : albums.flatMap(\.carriedCovers)
    }
}
