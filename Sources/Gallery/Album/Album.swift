/// One album of the site: the root folder or a folder below it that holds
/// photos, or sub-folders that do. A value-type tree: ``albums`` are its
/// sub-albums, already in their sort order.
public struct Album: Sendable {
    /// Folder names from the album root; empty for the root (the home page).
    public var path: [String]
    var config: AlbumConfig
    /// The sort in effect: the album's own, or inherited from its parent.
    var sort: AlbumSort
    /// The language in effect: the album's own `album.json` `language`, or
    /// its parent's; nil when no album above it sets one (the settings' then).
    public var language: String?
    /// Whether its photos' camera details are published: its `album.json`
    /// `details`, else its parent's; true when no album above sets it.
    var showsCameraDetails = true
    /// Whether `--originals` offers its photos' camera RAWs for download: its `album.json`
    /// `"raw"`, else its parent's; false when no album above sets it.
    var linksRaw = false
    /// The watermark in effect on its renditions, its own or inherited (``AlbumTreatments``).
    var watermark: Watermark?
    /// The copyright credit in effect, its own or inherited.
    var copyright: String?
    /// Candidate image files of this folder (before headers are read).
    var files: [String]
    /// The companion files of this folder (NFC names), for sidecar lookups.
    var companions: Set<String> = []
    /// sigal's `index.md`, when the folder has one.
    var sigal: SigalSidecar?
    /// `picasa.ini`, when the folder has one.
    var picasa: PicasaIndex?
    /// The photos, in sort order (after headers are read).
    public var photos: [Photo] = []
    public var albums: [Album] = []
    /// The photo that stands for the album on its parent's page.
    var cover: Photo?
    /// Made by Cascade (keyword albums), not a folder: its photos live elsewhere.
    var isVirtual = false
    /// Set when the album's folder is unchanged since the last build, which
    /// is taken as it left it (``AlbumPatch``): no photo or sub-album is
    /// read, its card's figures are the record's and its cover the one photo read.
    var carried: AlbumRecord?
    /// Set for an unlisted album and every album below it (``UnlistedAlbums``):
    /// its pages are kept out of feeds and the sitemap and ask robots not to index them.
    var isInUnlisted = false
    /// The source folder's path when ``path`` is no longer it: ``path`` is
    /// the output folder's, with an unlisted album's secret folder name.
    var sourcePath: [String]?

    init(path: [String], config: AlbumConfig, sort: AlbumSort, files: [String]) {
        self.path = path
        self.config = config
        self.sort = sort
        self.files = files
    }

    /// The folder's name (empty for the root).
    public var name: String { path.last ?? "" }

    /// The folder's path from the root, `a/b` (empty for the root): also its
    /// folder in the output.
    var folderPath: String { path.joined(separator: "/") }

    /// `album.json`'s title, else sigal's `index.md` `Title:`, else
    /// `picasa.ini`'s album name, else the folder name.
    public var title: String { ownTitle ?? name }

    /// The title the album's own files give (``title`` without the folder
    /// name): the root's is the home page's unless `--title` is given, as
    /// the root has no folder name of its own in the site.
    var ownTitle: String? { config.title ?? sigal?.title ?? picasa?.albumTitle }

    /// From `album.json`, else sigal's `index.md` text, else `picasa.ini`.
    public var description: String? { config.description ?? sigal?.text ?? picasa?.albumDescription }

    /// ``description`` as safe HTML when it is sigal's Markdown (nil when
    /// `album.json` or `picasa.ini` gives it: those are plain text).
    var descriptionHTML: String? { config.description == nil ? sigal?.html : nil }

    /// The cover named by `album.json`, else by sigal's `Thumbnail:`.
    var namedCover: String? { config.cover ?? sigal?.cover }

    /// Photos in this album and every listed album below it.
    var totalPhotoCount: Int { carried?.photos ?? photos.count + listedAlbums.reduce(0) { $0 + $1.totalPhotoCount } }

    /// The earliest and latest capture time of any photo in or below it, by
    /// instant (``PhotoDate/sortKey``), not by wall-clock time.
    var dateRange: (earliest: PhotoDate, latest: PhotoDate)? {
        var earliest: PhotoDate?, latest: PhotoDate?
        func consider(_ date: PhotoDate) {
            if earliest.map({ date.sortKey < $0.sortKey }) ?? true { earliest = date }
            if latest.map({ date.sortKey > $0.sortKey }) ?? true { latest = date }
        }
        // In tree order, so a tie goes to the same photo's date whether an album is carried or read.
        func visit(_ album: Album) {
            if let carried = album.carried {
                if let dates = carried.dates { consider(dates.earliest); consider(dates.latest) }
                return
            }
            album.photos.compactMap(\.details.date).forEach(consider)
            album.listedAlbums.forEach(visit)
        }
        visit(self)
        guard let earliest, let latest else { return nil }
        return (earliest, latest)
    }

    /// Every album of the tree, this one first, parents before children.
    var allAlbums: [Album] { [self] + albums.flatMap(\.allAlbums) }

    /// Whether neither it nor any album below it has a photo.
    var isEmpty: Bool { carried == nil && photos.isEmpty && albums.allSatisfy(\.isEmpty) }
}
