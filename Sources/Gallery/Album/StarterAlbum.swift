import Foundation
import ImageHeaders

/// `cascade init`: a starter `album.json` and an editable copy of the theme.
public enum StarterAlbum {
    /// What `create` wrote, relative to the album folder.
    public struct Report: Sendable {
        public var config: String
        public var templates: String
        public var photoCount: Int
    }

    /// Writes `album.json` (title from the folder name, an empty caption per
    /// file the album lists) and copies `theme` to `Templates/` in `album`,
    /// creating the folder if needed. Never overwrites: if either exists,
    /// nothing is written.
    public static func create(album: URL, theme: URL) throws(BuildError) -> Report {
        let display = PathText.display(album)
        let manager = FileManager.default
        let config = album.appendingPathComponent(AlbumConfig.fileName)
        let templates = album.appendingPathComponent("Templates")
        for existing in [config, templates] {
            var info = stat()
            if lstat(existing.path, &info) == 0 {
                throw .initTargetExists(path: PathText.join(display, existing.lastPathComponent))
            }
        }
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: theme.appendingPathComponent("page.mustache").path),
              manager.fileExists(atPath: theme.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .templatesNotFound(path: PathText.display(theme))
        }
        var files: [String] = []
        if manager.fileExists(atPath: album.path) {
            files = try AlbumListing.read(AlbumFolder(album)).files
        }
        let title = album.standardizedFileURL.lastPathComponent
        do throws(SystemCallError) {
            try FileIO.makeFolders(album.path)
            try FileIO.create(Data(configText(title: title, files: files).utf8), at: config.path)
            try FileIO.copyTree(from: theme.path, to: templates.path)
        } catch {
            throw .writeFailed(path: display, reason: error)
        }
        return Report(config: AlbumConfig.fileName, templates: "Templates", photoCount: files.count)
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
