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

    /// Writes an `album.json` (title from the folder name, an empty caption
    /// and alt per photo Cascade can publish) in the root and in every folder
    /// below it that holds such photos, and copies `theme` to `Templates/` in
    /// the root, creating the root folder if needed. Never overwrites: a
    /// folder that has its `album.json` keeps it, an existing `Templates/` is
    /// kept; only when nothing at all is left to write is that an error.
    public static func create(album: URL, theme: URL) throws(BuildError) -> Report {
        let display = PathText.display(album)
        let manager = FileManager.default
        let templates = album.appendingPathComponent("Templates")
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: theme.appendingPathComponent("page.mustache").path),
              manager.fileExists(atPath: theme.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .templatesNotFound(path: PathText.display(theme))
        }
        var plans: [(folder: [String], title: String, files: [String])] = []
        if manager.fileExists(atPath: album.path) {
            let root = try AlbumFolder(album)
            plans = try folders(root, path: [])
        }
        if plans.first?.folder != [] {
            plans.insert(([], album.standardizedFileURL.lastPathComponent, []), at: 0)
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
    /// files a build would publish (headers read, so a GIF or a corrupt file
    /// is not listed and then counted twice by the next build).
    private static func folders(_ root: AlbumFolder, path: [String]) throws(BuildError) -> [(folder: [String], title: String, files: [String])] {
        let listing = try AlbumListing.read(root, folder: path)
        var ignored = WarningLog(forwardingTo: { _ in })
        let photos = PhotoScan.photos(listing.files, folder: path, in: root, log: &ignored).map(\.fileName)
        var below: [(folder: [String], title: String, files: [String])] = []
        for folder in listing.folders where path.count < AlbumTree.maxDepth && !(path.isEmpty && folder == "Templates") {
            below += try folders(root, path: path + [folder])
        }
        guard !photos.isEmpty || !below.isEmpty || path.isEmpty else { return [] }
        let title = path.last ?? root.url.standardizedFileURL.lastPathComponent
        return [(path, title, photos)] + below
    }

    private static func configPath(_ folder: [String]) -> String {
        (folder + [AlbumConfig.fileName]).joined(separator: "/")
    }

    private static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// The starter `album.json`: deterministic, two-space indented.
    static func configText(title: String, files: [String]) -> String {
        var lines = ["{", "  \"title\": \(JSONText.quoted(title)),", "  \"description\": \"\","]
        if files.isEmpty {
            lines.append("  \"photos\": {}")
        } else {
            lines.append("  \"photos\": {")
            for (index, file) in files.enumerated() {
                let comma = index + 1 < files.count ? "," : ""
                lines.append("    \(JSONText.quoted(file)): { \"caption\": \"\", \"alt\": \"\" }\(comma)")
            }
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
