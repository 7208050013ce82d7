import Foundation

/// A rebuild of only the albums whose folders changed since the last clean
/// build: the albums whose own files changed are read and rendered in full,
/// the albums above them render their pages again (their cards changed),
/// and every other album is carried as the last build left it — its photos
/// not read, its pages, renditions and bookkeeping lines kept — from the
/// ``AlbumRecord`` on its folder in the output. Adding one photo to one
/// album of a 100,000-photo library reads and renders that album, not the
/// library.
///
/// Taken only where it gives exactly the bytes a full build would, else the
/// build is a full one: the last build was clean and its output is untouched
/// (``BuildSnapshot``, same options, theme and Cascade); every changed album
/// is a leaf below the root, still holding photos, and no album appeared or
/// went; no setting reaches across albums (keyword albums, feeds and the
/// sitemap with `--base-url`); no shard's work waits to be adopted; every
/// album has its record, and every carried cover reads back cleanly.
struct AlbumPatch: Sendable {
    /// The leaf albums read and rendered in full, by folder path (`a/b`).
    let changed: Set<String>
    /// The albums above a changed one (`""` is the root), by folder path,
    /// with their records: their own photos are read and their pages
    /// rendered again.
    let above: [String: AlbumRecord]
    /// The carried albums, by folder path.
    let carried: [String: AlbumRecord]
    /// The stamps of the output's top-level folders this build leaves as they
    /// are (the carried albums'), taken when it began.
    var untouchedOutputFolders: [String: TreeStamp] = [:]
    /// `changed`, each with a `/` after, as bytes: what its files' paths start with.
    private let changedPrefixes: [[UInt8]]

    init(changed: Set<String>, above: [String: AlbumRecord], carried: [String: AlbumRecord]) {
        self.changed = changed
        self.above = above
        self.carried = carried
        changedPrefixes = changed.map { Array(($0 + "/").utf8) }
    }

    /// The patch for `tree` (as read, before any photo is), whose folders'
    /// stamps are `folders`; nil when a full build is needed.
    static func plan(_ tree: Album, folders: [String: TreeStamp], options: BuildOptions) -> AlbumPatch? {
        // An unlisted album's output folder is not its source folder's name: such a site is built in full.
        guard options.baseURL == nil, tree.config.keywordAlbums != true, options.shard == nil, !tree.hasUnlisted else {
            return nil
        }
        var changed: Set<String> = [], above: [String: AlbumRecord] = [:], carried: [String: AlbumRecord] = [:]
        func loadRecord(_ album: Album) -> AlbumRecord? {
            AlbumRecord.load(fromFolderAt: PathText.join(options.output.path, album.folderPath))
        }
        // True when the album's tree can be patched; fills the three sets.
        func visit(_ album: Album, record: AlbumRecord) -> Bool {
            guard let stamp = folders[album.folderPath], record.albums == album.albums.count else { return false }
            if stamp == record.stamp {
                carried[album.folderPath] = record
                return true
            }
            var children: [(album: Album, record: AlbumRecord, stamp: TreeStamp)] = []
            for child in album.albums {
                guard let childRecord = loadRecord(child), let childStamp = folders[child.folderPath] else { return false }
                children.append((child, childRecord, childStamp))
            }
            // The folder's own entries, without its sub-albums' trees (stamps are sums).
            let own = children.reduce(stamp) { $0.removing($1.stamp) }
            let ownBefore = children.reduce(record.stamp) { $0.removing($1.record.stamp) }
            if own != ownBefore {
                // Its own files changed: only a leaf below the root is read anew.
                guard !album.path.isEmpty, album.albums.isEmpty else { return false }
                changed.insert(album.folderPath)
                return true
            }
            above[album.folderPath] = record
            return children.allSatisfy { visit($0.album, record: $0.record) }
        }
        guard let rootRecord = loadRecord(tree), visit(tree, record: rootRecord), !changed.isEmpty else { return nil }
        return AlbumPatch(changed: changed, above: above, carried: carried)
    }

    /// `tree` with each carried album in place of its folder: no files to
    /// read, no sub-albums, its record, and its cover photo read (header and
    /// details, as a full build reads it); nil when a cover cannot be read
    /// without a warning (a full build is needed to say why).
    func pruned(_ tree: Album, root: AlbumFolder, videos: Bool) -> Album? {
        var failed = false
        func prune(_ album: Album) -> Album {
            var album = album
            if let record = carried[album.folderPath] {
                album.carried = record
                album.cover = record.cover.flatMap { cover(at: $0, in: album, root: root, videos: videos) }
                if record.cover != nil && album.cover == nil { failed = true }
                album.files = []
                album.albums = []
                return album
            }
            album.albums = album.albums.map(prune)
            return album
        }
        let result = prune(tree)
        return failed ? nil : result
    }

    /// The photo at `path` (from the album root) in the tree of `album`, read
    /// as ``PhotoScan`` reads it; nil if it is not there or not read cleanly.
    private func cover(at path: String, in album: Album, root: AlbumFolder, videos: Bool) -> Photo? {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let name = components.removeLast()
        var holder = album
        guard components.starts(with: album.path) else { return nil }
        for folder in components.dropFirst(album.path.count) {
            guard let next = holder.albums.first(where: { $0.name == folder }) else { return nil }
            holder = next
        }
        guard holder.files.contains(name) else { return nil }
        var log = WarningLog(forwardingTo: { _ in })
        var photos = PhotoScan.photos([name], folder: holder.path, in: root, log: &log, videos: videos)
        if photos.count == 1 { LivePhotoPairing.attach(to: &photos[0], files: holder.files, in: root) }
        PhotoScan.applyDetails(holder, to: &photos, root: root, log: &log)
        return log.warnings.isEmpty && log.notices.isEmpty && photos.count == 1 ? photos[0] : nil
    }

    /// Whether the album file `name` (a photo's path from the album root)
    /// lies in a changed album.
    func isChanged(source name: String) -> Bool {
        changedPrefixes.contains { name.utf8.starts(with: $0) }
    }

    /// Whether `tree`, the pruned tree with its photos read, is the shape the
    /// records promised: each album above a changed one has as many
    /// sub-albums as it had (none was emptied), and every changed one is there.
    func holds(_ tree: Album) -> Bool {
        var found = 0
        func visit(_ album: Album) -> Bool {
            if changed.contains(album.folderPath) { found += 1 }
            if let record = above[album.folderPath], record.albums != album.albums.count { return false }
            return album.albums.allSatisfy(visit)
        }
        return visit(tree) && found == changed.count
    }

    /// The last build's files this one keeps without making them again, and the rest.
    struct Carried: Sendable {
        /// The carried albums' pages, originals and renditions, and the files
        /// of the site's root that are not pages.
        var files: Set<String> = []
        /// The manifest's other files: those of the changed albums and the
        /// albums above them, and the renditions only a changed album had.
        var rest: Set<String> = []
        /// How many of ``files`` are pages.
        var pages = 0
    }

    /// Splits `owned` (the manifest's files) into what this build carries and
    /// the rest: all but the changed albums' files, the pages of the albums
    /// above them (rendered again), and the renditions of sources only a
    /// changed album had (`dropped`, by content hash).
    func carriedFiles(owned: Set<String>, dropped: Set<ContentHash>) -> Carried {
        // Compared as bytes: this runs once per file of a site of 300,000.
        let stems = Set(dropped.map { Array(RenditionIndex.namePrefix($0).utf8) })
        let renditions = Array((RenditionIndex.folder + "/").utf8)
        let stemLength = renditions.count + ContentHash.hexCount + 1
        let aboveFolders = above.keys.map { Array($0.utf8) }
        var result = Carried()
        result.files.reserveCapacity(owned.count)
        for path in owned {
            let bytes = path.utf8
            let carries: Bool
            if changedPrefixes.contains(where: { bytes.starts(with: $0) }) {
                carries = false
            } else if bytes.starts(with: renditions) {
                carries = stems.isEmpty || !stems.contains(Array(bytes.prefix(stemLength)))
            } else {
                let folder = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes[..<$0] } ?? bytes[bytes.startIndex..<bytes.startIndex]
                carries = !aboveFolders.contains { $0.elementsEqual(folder) }
                if carries && path.hasSuffix(".html") { result.pages += 1 }
            }
            if carries { result.files.insert(path) } else { result.rest.insert(path) }
        }
        return result
    }
}
