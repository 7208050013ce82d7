/// `"keywordAlbums": true`: one album per keyword, gathering every photo of
/// the tree that carries it, under `keywords/<keyword>/`, with a `keywords/`
/// album listing them. The photos are the same photos (one rendition each);
/// their pages are made again inside the keyword album so previous/next run
/// through the keyword's photos.
enum KeywordAlbums {
    /// The folder the keyword albums live in.
    static let folder = "keywords"

    /// `tree` with the keyword albums added as its last sub-album; unchanged
    /// when no photo has a keyword or a real album already uses the folder name.
    /// `title` is the index album's (`Keywords`, in the site's language).
    static func adding(to tree: Album, log: inout WarningLog, root: AlbumFolder, title: String = "Keywords") -> Album {
        var groups: [(name: String, photos: [Photo])] = []
        var position: [String: Int] = [:]
        for photo in tree.listedPhotos {
            for keyword in photo.details.keywords {
                let key = keyword.lowercased()
                if let index = position[key] {
                    groups[index].photos.append(photo)
                } else {
                    position[key] = groups.count
                    groups.append((keyword, [photo]))
                }
            }
        }
        guard !groups.isEmpty else { return tree }
        if tree.albums.contains(where: { NameKey.of($0.name) == folder }) || tree.files.contains(folder) {
            log.add(root.display(folder), .keywordFolderTaken)
            return tree
        }
        groups.sort { NaturalOrder.areInIncreasingOrder($0.name.lowercased(), $1.name.lowercased()) }
        let slugs = slugs(for: groups.map(\.name))
        var index = Album(path: [folder], config: AlbumConfig(title: title), sort: tree.sort, files: [])
        index.isVirtual = true
        index.language = tree.language
        for (group, slug) in zip(groups, slugs) {
            var album = Album(path: [folder, slug], config: AlbumConfig(title: group.name), sort: tree.sort, files: [])
            album.isVirtual = true
            album.language = tree.language
            album.photos = tree.sort.ordered(group.photos, date: { $0.details.date?.sortKey })
            album.cover = album.photos.first
            index.albums.append(album)
        }
        index.distinguishSiblingCovers()
        index.cover = index.albums.first?.cover
        var result = tree
        result.albums.append(index)
        result.distinguishSiblingCovers()
        return result
    }

    /// Folder names for keywords: distinct, safe in a URL and on any file system.
    static func slugs(for keywords: [String]) -> [String] {
        PhotoSlug.slugs(for: keywords, keepingExtensions: true)
    }
}
