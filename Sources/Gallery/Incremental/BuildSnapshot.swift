import Foundation
import CFileAttributes
import Glibc

/// What the last clean build saw and left: a stamp of its inputs (the album
/// tree, the theme, the options, Cascade itself) and of the output folder
/// it finished, with the figures of its report, kept on the output folder. When both stamps still
/// hold, nothing a build reads has changed and nothing it wrote has been
/// touched, so the build would write the same bytes: it stops there
/// (``Site/build(_:warn:progress:)``), having read only folder listings and
/// `stat` results.
///
/// Written only after a build with no warning and no note, since those are
/// not kept to be printed again; a build that writes none removes the last
/// one, so a stamp never outlives the state it describes.
struct BuildSnapshot: Sendable, Equatable {
    /// Kept as an extended attribute of the output folder rather than in a
    /// file: its stamps name inodes and change times, which differ on every
    /// machine, and the folder's files must be the same bytes everywhere.
    static let attribute = "user.cascade.unchanged"
    /// Version 2: SHA-256 stamps and key; a version-1 snapshot
    /// is none, so the first build of this version is a full one.
    private static let header = "cascade-unchanged 2"

    /// The options, theme, Cascade version and binary, and video tool.
    var key: String
    /// The album tree, as the build found it before reading any of it.
    var album: TreeStamp
    /// The output folder as the build left it (without the lock and this file).
    var output: TreeStamp
    var photos: Int
    var albums: Int
    var pages: Int
    var renditions: Int
    var videos: Int
    /// Album downloads (`--zip`); its line is written only when there are some.
    var zips = 0

    /// The file's text: one `name value` line each.
    var text: String {
        NameValueLines.text(header: Self.header, [
            ("key", key), ("album", album.description), ("output", output.description), ("photos", String(photos)),
            ("albums", String(albums)), ("pages", String(pages)), ("renditions", String(renditions)), ("videos", String(videos)),
        ] + (zips > 0 ? [("zips", String(zips))] : []))
    }

    /// Parses ``text``; nil for anything else (a damaged file is no snapshot).
    init?(text: String) {
        guard let values = NameValueLines.values(of: text, header: Self.header),
              values.count == (values["zips"] == nil ? 8 : 9) else { return nil }
        func number(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
        guard let key = values["key"], let album = values["album"].flatMap(TreeStamp.init(text:)),
              let output = values["output"].flatMap(TreeStamp.init(text:)), let photos = number("photos"),
              let albums = number("albums"), let pages = number("pages"), let renditions = number("renditions"),
              let videos = number("videos") else { return nil }
        self.init(key: String(key), album: album, output: output, photos: photos, albums: albums, pages: pages,
                  renditions: renditions, videos: videos)
        if let zips = number("zips") { self.zips = zips }
    }

    init(key: String, album: TreeStamp, output: TreeStamp, photos: Int, albums: Int, pages: Int,
         renditions: Int, videos: Int) {
        self.key = key
        self.album = album
        self.output = output
        self.photos = photos
        self.albums = albums
        self.pages = pages
        self.renditions = renditions
        self.videos = videos
    }


    /// The snapshot of the output folder `root`, if it has a readable one.
    static func load(from root: URL) -> BuildSnapshot? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = getxattr(root.path, attribute, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return BuildSnapshot(text: String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// Records this snapshot on the output folder `root`. A file system
    /// without user attributes keeps none, and every build is a full one.
    func save(to root: URL) {
        let bytes = Array(text.utf8)
        _ = setxattr(root.path, Self.attribute, bytes, bytes.count, 0)
    }

    /// Removes the snapshot of the output folder `root`, if it has one.
    static func remove(from root: URL) {
        _ = removexattr(root.path, attribute)
    }

    /// The output folder's stamp: everything in it but the lock.
    ///
    /// With `expecting` (the manifest), nil unless each of those files is
    /// there: a snapshot then vouches that they are (``OutputFolder/untouched``).
    static func outputStamp(_ root: URL, reusing: [String: TreeStamp] = [:], expecting: Set<String>? = nil) -> TreeStamp? {
        TreeStamp.of(path: root.path, entersHiddenFolders: true, excludingNames: [OutputLock.fileName], reusing: reusing,
                     expecting: expecting)
    }

    /// ``outputStamp(_:reusing:)``, and each folder's own, from one walk.
    static func outputStamps(_ root: URL) -> (stamp: TreeStamp, folders: [String: TreeStamp])? {
        TreeStamp.folders(path: root.path, entersHiddenFolders: true, excludingNames: [OutputLock.fileName])
    }

    /// The album tree's stamp (without the output folder when it is
    /// inside), each folder's own, and each file's `stat` as the walk found
    /// it, from one walk.
    static func albumStampsAndFiles(_ album: AlbumFolder)
        -> (stamp: TreeStamp, folders: [String: TreeStamp], files: [String: TreeStamp.FileStat])? {
        TreeStamp.foldersAndFiles(path: album.path, entersHiddenFolders: false,
                                  excluding: Set([album.excludedFolder].compactMap { $0 }))
    }
}
