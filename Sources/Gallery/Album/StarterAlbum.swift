import Foundation
import ImageHeaders

/// `cascade init`: a starter `album.json` in every album folder of the tree
/// and an editable copy of the theme at the root.
public enum StarterAlbum {
    /// What `create` wrote, relative to the album folder.
    public struct Report: Sendable {
        /// Every `album.json` written, the root's first (`album.json`, `Iceland/album.json`).
        public var configs: [String]
        /// `Templates`, or nil when the album already had its own theme.
        public var templates: String?
        /// Photos listed in the configs written.
        public var photoCount: Int
    }

    /// Writes an `album.json` in the root and in every folder below it that
    /// holds photos or videos Cascade can publish, listing each of them, and
    /// copies `theme` to `Templates/` in the root, creating the root folder
    /// if needed. Never overwrites: a folder that has its `album.json` keeps
    /// it, an existing `Templates/` is kept; only when nothing at all is left
    /// to write is that an error.
    ///
    /// `album.json` outranks every other source of a title or caption
    /// (``MetadataSource``), so the starter says nothing the album does not
    /// already say: its title is the one sigal's `index.md` or `picasa.ini`
    /// gives (none otherwise: the folder name is the fallback anyway), and
    /// it writes no description, caption or alt text, which would hide the
    /// Markdown of `index.md` and `NAME.md` behind plain copies of it.
    public static func create(album: URL, theme: URL) throws(BuildError) -> Report {
        let display = PathText.display(album)
        let manager = FileManager.default
        let templates = album.appendingPathComponent("Templates")
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: theme.appendingPathComponent("page.mustache").path),
              manager.fileExists(atPath: theme.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .templatesNotFound(path: PathText.display(theme))
        }
        var plans: [(folder: [String], title: String?, files: [String])] = []
        if manager.fileExists(atPath: album.path) {
            let root = try AlbumFolder(album)
            plans = try folders(root, path: [])
        }
        if plans.first?.folder != [] {
            plans.insert(([], nil, []), at: 0)
        }
        let pending = plans.filter { !exists(album.appendingPathComponent(configPath($0.folder))) }
        let copiesTheme = !exists(templates)
        guard !pending.isEmpty || copiesTheme else {
            throw .initTargetExists(path: PathText.join(display, AlbumConfig.fileName))
        }
        do throws(SystemCallError) {
            try FileIO.makeFolders(album.path)
            for plan in pending {
                let text = configText(title: plan.title, files: plan.files)
                try FileIO.create(Data(text.utf8), at: album.appendingPathComponent(configPath(plan.folder)).path)
            }
            if copiesTheme { try FileIO.copyTree(from: theme.path, to: templates.path) }
        } catch {
            throw .writeFailed(path: display, reason: error)
        }
        return Report(configs: pending.map { configPath($0.folder) }, templates: copiesTheme ? "Templates" : nil,
                      photoCount: pending.reduce(0) { $0 + $1.files.count })
    }

    /// The folders of the tree that are albums, parents first: each with the
    /// title its sidecars give and the files a build would publish (headers
    /// read, so a corrupt file is not listed and then counted twice by the
    /// next build; videos too, which a build publishes when ffmpeg is there).
    private static func folders(_ root: AlbumFolder, path: [String]) throws(BuildError) -> [(folder: [String], title: String?, files: [String])] {
        let listing = try AlbumListing.read(root, folder: path)
        var ignored = WarningLog(forwardingTo: { _ in })
        // Read as a build reads them: a RAW pair or a Live Photo is one entry, the photo's.
        let scanned = PhotoScan.items(listing.files, folder: path, in: root, log: &ignored, videos: true).photos
        let order = Dictionary(listing.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let photos = scanned.map(\.fileName).sorted { order[$0, default: .max] < order[$1, default: .max] }
        var below: [(folder: [String], title: String?, files: [String])] = []
        for folder in listing.folders where path.count < AlbumTree.maxDepth && !(path.isEmpty && folder == "Templates") {
            below += try folders(root, path: path + [folder])
        }
        guard !photos.isEmpty || !below.isEmpty || path.isEmpty else { return [] }
        return [(path, sidecarTitle(root, path: path, listing: listing), photos)] + below
    }

    /// The title sigal's `index.md`, else `picasa.ini`, gives the folder (as
    /// a build reads them); an unreadable sidecar gives none, as a build
    /// then warns and goes on without it.
    private static func sidecarTitle(_ root: AlbumFolder, path: [String], listing: AlbumListing) -> String? {
        func read<Value>(_ name: String, _ reader: (String) throws(SystemCallError) -> Value?) -> Value? {
            try? reader(root.path(of: (path + [name]).joined(separator: "/")))
        }
        if listing.companions.contains(NameKey.of(SigalSidecar.albumFileName)),
           let title = read(SigalSidecar.albumFileName, SigalSidecar.read(fileAt:))?.title {
            return title
        }
        for name in PicasaIndex.fileNames {
            // The first of Picasa's names present is the one a build reads.
            if let index = read(name, PicasaIndex.read(fileAt:)) { return index.albumTitle }
        }
        return nil
    }

    private static func configPath(_ folder: [String]) -> String {
        (folder + [AlbumConfig.fileName]).joined(separator: "/")
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// The starter `album.json`: deterministic, two-space indented; the
    /// title only when there is one, an empty entry per file to fill in.
    static func configText(title: String?, files: [String]) -> String {
        var lines = ["{"]
        if let title { lines.append("  \"title\": \(JSONText.quoted(title)),") }
        if files.isEmpty {
            lines.append("  \"photos\": {}")
        } else {
            lines.append("  \"photos\": {")
            for (index, file) in files.enumerated() {
                let comma = index + 1 < files.count ? "," : ""
                lines.append("    \(JSONText.quoted(file)): {}\(comma)")
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
