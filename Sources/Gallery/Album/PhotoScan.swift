import ImageHeaders
import Parallel
import XMP

/// The first pass over the album tree's files: each header read (a few KiB,
/// never the pixels), the details each photo's sources give it, then every
/// album sorted, emptied albums dropped and covers chosen.
enum PhotoScan {
    /// The formats the rendition step can decode (the registry gives them a
    /// pixel decoder); other images are named in a warning and skipped rather
    /// than published without a rendition.
    static let renderableFormats: Set<ImageFormat> = Set(ImageFormat.allCases.filter(\.isDecodable))

    /// The renderable formats for a warning, in `ImageFormat` order, the eight
    /// camera RAW formats said once: "JPEG, PNG, …, JPEG XL and camera RAW".
    static let renderableFormatNames: String = {
        let formats = ImageFormat.allCases.filter(renderableFormats.contains)
        var names = formats.filter { !$0.isCameraRaw }.map(\.description)
        if formats.contains(where: \.isCameraRaw) { names.append("camera RAW") }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }()

    /// Reads every album's photos, gives them their details and orders the tree.
    /// `read` hears of each file whose header was read (from any thread), for a progress count.
    /// Videos are kept as photos (tiles with a poster) when `videos`, else
    /// left out and counted in `log.videosLeftOut`.
    static func scan(_ album: inout Album, root: AlbumFolder, log: inout WarningLog, videos: Bool = false,
                     read: @Sendable () -> Void = {}) {
        // Taken as the last build left it, its cover already read (``AlbumPatch``).
        if album.carried != nil { return }
        let paired = items(album.files, hidden: album.config.hidden, folder: album.path, in: root, log: &log,
                           videos: videos, read: read)
        album.photos = paired.photos
        if album.linksRaw { RawPairing.attach(paired.rawCompanions, to: &album.photos) }
        applyDetails(album, to: &album.photos, root: root, log: &log)
        album.photos = order(album.photos, in: album, name: \.fileName, date: { $0.details.date?.sortKey })
        for index in album.albums.indices {
            scan(&album.albums[index], root: root, log: &log, videos: videos, read: read)
        }
        album.albums.removeAll(where: \.isEmpty)
        album.albums = order(album.albums, in: album, name: \.name, date: { child in
            guard let range = child.dateRange else { return nil }
            return album.sort == .dateDescending ? range.latest.sortKey : range.earliest.sortKey
        })
        album.distinguishSiblingCovers()
        album.cover = cover(of: album, root: root, log: &log)
    }

    /// `items` by the album's sort, then its explicit `order` first.
    private static func order<Item>(_ items: [Item], in album: Album, name: (Item) -> String,
                                    date: (Item) -> PhotoDate.SortKey?) -> [Item] {
        AlbumSort.applying(order: album.config.order, to: album.sort.ordered(items, date: date), name: name)
    }

    /// A folder's files read as the items a build publishes, companions
    /// paired first: a RAW beside its JPEG is that photo's companion (returned
    /// by the JPEG's name, not read), a Live Photo's movie its still's motion.
    /// `cascade init` lists what this gives, so it lists what a build publishes.
    static func items(_ files: [String], hidden: Set<String> = [], folder: [String], in root: AlbumFolder,
                      log: inout WarningLog, videos: Bool, read: @Sendable () -> Void = {})
        -> (photos: [Photo], rawCompanions: [String: String]) {
        let paired = RawPairing.pair(files, hidden: hidden)
        let live = LivePhotoPairing.candidates(paired.files)
        var found = photos(LivePhotoPairing.withoutMovies(paired.files, live), folder: folder, in: root, log: &log,
                           videos: videos, read: read)
        LivePhotoPairing.attach(live, to: &found, folder: folder, in: root, log: &log, videos: videos)
        return (found, paired.companions)
    }

    /// The album's cover, warning when `album.json` names one it does not have.
    private static func cover(of album: Album, root: AlbumFolder, log: inout WarningLog) -> Photo? {
        if let named = album.namedCover, !album.hasNamed(named) {
            log.add(root.display((album.path + [AlbumConfig.fileName]).joined(separator: "/")),
                    .unknownCover(name: named))
        }
        return album.chosenCover
    }

    /// Reads each file's header; unreadable or unrenderable files become
    /// warnings; videos are kept when `videos`, else counted (see ``scan``).
    ///
    /// Headers are read on every core (each is a few KiB of one file, and an
    /// album of 100,000 photos spends most of its scan waiting on them); the
    /// photos and warnings keep the files' order.
    static func photos(_ files: [String], folder: [String] = [], in album: AlbumFolder,
                       log: inout WarningLog, videos: Bool = false, read: @Sendable () -> Void = {}) -> [Photo] {
        let headers = ParallelWork.map(count: files.count) { index -> Result<ImageHeader, FileHeaderError> in
            defer { read() }
            let name = files[index]
            let relative = folder.isEmpty ? name : (folder + [name]).joined(separator: "/")
            return Result { () throws(FileHeaderError) in try CameraRawHeader.read(fileAt: album.path(of: relative)) }
        }
        var photos: [Photo] = []
        for (name, outcome) in zip(files, headers) {
            let relative = folder.isEmpty ? name : (folder + [name]).joined(separator: "/")
            switch outcome {
            case .success(let header) where header.format.isVideo:
                if videos {
                    photos.append(Photo(fileName: name, folder: folder, header: header))
                } else {
                    log.videosLeftOut += 1
                }
            case .success(let header):
                guard renderableFormats.contains(header.format) else {
                    log.add(album.display(relative), .unsupportedFormat(header.format))
                    continue
                }
                photos.append(Photo(fileName: name, folder: folder, header: header))
            case .failure(let error):
                log.add(album.display(relative), .unreadableHeader(error.reason))
            }
        }
        return photos
    }

    /// Gives each photo its details, weakest source first, each stronger one
    /// overriding field by field (``MetadataSource``): the file's own EXIF,
    /// IPTC and XMP and its XMP sidecars, then `picasa.ini`, sigal's
    /// `NAME.md`, and `album.json`. Warns about
    /// each `album.json` entry naming no file of the album.
    static func applyDetails(_ album: Album, to photos: inout [Photo], root: AlbumFolder, log: inout WarningLog) {
        let config = album.config
        var unused = Set(config.photos.keys)
        // Sidecars are looked for only among the files the listing saw beside
        // the photos: with none, no photo's names need working out.
        let hasCompanions = !album.companions.isEmpty
        // Without sidecars each photo's details come from its header alone:
        // made on every core (100,000 in one album), the rest in order below.
        let fromHeaders: [PhotoDetails]
        do {
            // Scoped: no second reference to the photos may be alive when they change below.
            let read = photos
            fromHeaders = hasCompanions ? []
                : ParallelWork.map(count: read.count, run: 1024) { PhotoDetails(header: read[$0].header, sidecar: nil) }
        }
        for index in photos.indices {
            let name = photos[index].fileName
            var details = hasCompanions
                ? PhotoDetails(header: photos[index].header, sidecar: xmpSidecar(of: name, in: album, root: root, log: &log))
                : fromHeaders[index]
            if let entry = album.picasa?.entry(forPhoto: name) {
                details = details.overridden(by: PhotoDetails(caption: entry.caption, keywords: entry.keywords))
            }
            if hasCompanions, let sigal = AlbumTree.sidecar(SigalSidecar.fileName(forPhoto: name), in: album, root: root, log: &log,
                                             read: SigalSidecar.read(fileAt:)) {
                details = details.overridden(by: PhotoDetails(title: sigal.title, caption: sigal.text, captionHTML: sigal.html,
                                                              date: sigal.date, dateSource: .sigal))
            }
            if !config.photos.isEmpty, case let key = NameKey.of(name), let own = config.photos[key] {
                details = details.overridden(by: own)
                unused.remove(key)
            }
            if !album.showsCameraDetails {
                details.camera = nil
                details.exposure = nil
            }
            photos[index].details = details
        }
        // Entries for hidden files, or files already named in a warning (a
        // GIF Cascade cannot render yet), are not stale: one warning per file.
        let listedKeys = unused.isEmpty ? [] : Set(album.files.map(NameKey.of))
        for name in unused.sorted() where !config.hides(name) && !listedKeys.contains(name) {
            log.add(root.display((album.path + [AlbumConfig.fileName]).joined(separator: "/")), .unknownPhoto(name: name))
        }
    }

    /// The photo's XMP sidecars (`NAME.EXT.xmp` over `NAME.xmp`, property by
    /// property), read only when the listing saw them; a broken one is a warning.
    static func xmpSidecar(of name: String, in album: Album, root: AlbumFolder, log: inout WarningLog) -> XMPPacket? {
        var merged: XMPPacket?
        // Weakest first, so the stronger one is laid over it.
        for candidate in XMPPacket.sidecarPaths(forPhotoAt: name).reversed()
        where album.companions.contains(NameKey.of(candidate)) {
            let relative = (album.path + [candidate]).joined(separator: "/")
            do throws(XMPError) {
                let packet = try XMPPacket.parse(fileAt: root.path(of: relative))
                merged = merged.map { $0.overridden(by: packet) } ?? packet
            } catch {
                log.add(root.display(relative), .unreadableSidecar(error.description))
            }
        }
        return merged
    }
}
