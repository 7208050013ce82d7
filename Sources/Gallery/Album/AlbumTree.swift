import ImageHeaders

/// Reads the album root as a tree of albums: every folder is listed and its
/// `album.json` read before any photo is opened, so a broken `album.json`
/// anywhere fails the build first.
enum AlbumTree {
    /// Deeper folders are named in a warning and not walked: no real library
    /// nests this deep, and it bounds the work a hostile tree can cause.
    static let maxDepth = 32

    /// Lists the tree under `root`. `hidden` entries of each `album.json` and
    /// folders holding no candidate file anywhere below are left out; the
    /// photos are read later (``PhotoScan``).
    static func read(_ root: AlbumFolder, log: inout WarningLog) throws(BuildError) -> Album {
        try read(root, path: [], inherited: .name, language: nil, details: true, raw: false, log: &log)
    }

    private static func read(_ root: AlbumFolder, path: [String], inherited: AlbumSort, language: String?,
                             details: Bool, raw: Bool, log: inout WarningLog) throws(BuildError) -> Album {
        let config = try AlbumConfig.read(root, folder: path)
        let listing = try AlbumListing.read(root, folder: path)
        listing.warnings.forEach { log.add($0) }
        var album = Album(path: path, config: config, sort: config.sort ?? inherited,
                          files: listing.files.filter { !config.hides($0) })
        album.language = config.language ?? language
        album.showsCameraDetails = config.details ?? details
        album.linksRaw = config.raw.map { $0 == .link } ?? raw
        album.companions = listing.companions
        album.sigal = sidecar(SigalSidecar.albumFileName, in: album, root: root, log: &log, read: SigalSidecar.read(fileAt:))
        // The first of Picasa's names the folder has; `.picasa.ini` is hidden, so the listing cannot vouch for it.
        for name in PicasaIndex.fileNames where album.picasa == nil {
            album.picasa = sidecar(name, in: album, root: root, log: &log, listed: !name.hasPrefix("."),
                                   read: PicasaIndex.read(fileAt:))
        }
        for folder in listing.folders where !config.hides(folder) {
            let childPath = path + [folder]
            guard childPath.count <= maxDepth else {
                log.add(root.display(childPath.joined(separator: "/")), .tooDeep(limit: maxDepth))
                continue
            }
            let child = try read(root, path: childPath, inherited: album.sort, language: album.language,
                                 details: album.showsCameraDetails, raw: album.linksRaw, log: &log)
            if !child.hasCandidates { continue }
            album.albums.append(child)
        }
        return album
    }
}

extension AlbumTree {
    /// The sidecar `name` of the album's folder, opened only when the listing
    /// saw it (`listed`; a hidden name is tried as it is); an unreadable one
    /// is a warning, never a failed build.
    static func sidecar<Value>(_ name: String, in album: Album, root: AlbumFolder, log: inout WarningLog,
                               listed: Bool = true,
                               read: (String) throws(SystemCallError) -> Value?) -> Value? {
        guard !listed || album.companions.contains(NameKey.of(name)) else { return nil }
        let relative = (album.path + [name]).joined(separator: "/")
        do throws(SystemCallError) {
            return try read(root.path(of: relative))
        } catch {
            log.add(root.display(relative), .unreadable(error))
            return nil
        }
    }
}

extension Album {
    /// Whether it or any album below it lists a file that may be a photo.
    var hasCandidates: Bool { !files.isEmpty || albums.contains { $0.hasCandidates } }
}
