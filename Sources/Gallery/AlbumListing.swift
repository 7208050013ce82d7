import Foundation

/// The files of an album folder that Cascade will try to read, in natural order.
///
/// Hidden files are ignored, and so are files whose extension marks them as
/// documents or sidecars (`LICENSES.md`, `IMG_1.xmp`, …), so an album can hold
/// its notes without a warning per file. Everything else is a candidate: its
/// format is decided by its bytes, never by its extension. Folders (sub-albums)
/// and symbolic links are not followed.
public struct AlbumListing: Sendable, Equatable {
    public var files: [String]
    /// Entries that were passed over and why (symbolic links, special files).
    public var warnings: [BuildWarning]

    /// Extensions of companion files that are never images.
    public static let ignoredExtensions: Set<String> = [
        "md", "markdown", "txt", "rtf", "pdf", "tsv", "csv", "json", "yaml", "yml", "toml",
        "xmp", "html", "htm", "css", "js", "mustache", "db", "ini", "log",
    ]

    /// Lists `album`, whose user-facing name is `displayPath`.
    public static func read(album: URL, displayPath: String) throws(BuildError) -> AlbumListing {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: album.path, isDirectory: &isFolder) else {
            throw .albumNotFound(path: displayPath)
        }
        guard isFolder.boolValue else { throw .albumNotAFolder(path: displayPath) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: album.path)
        } catch {
            throw .albumUnreadable(path: displayPath, reason: error.localizedDescription)
        }

        var files: [String] = []
        var warnings: [BuildWarning] = []
        let albumPath = album.path
        for name in NaturalOrder.sorted(names) where !name.hasPrefix(".") {
            if ignoredExtensions.contains((name as NSString).pathExtension.lowercased()) { continue }
            let path = join(albumPath, name)
            var info = stat()
            guard lstat(path, &info) == 0 else {
                warnings.append(BuildWarning(path: join(displayPath, name), reason: "cannot be examined"))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                files.append(name)
            case S_IFDIR:
                continue  // Sub-albums come later; a folder is not a skipped image.
            case S_IFLNK:
                warnings.append(BuildWarning(path: join(displayPath, name),
                                             reason: "symbolic links are not followed"))
            default:
                warnings.append(BuildWarning(path: join(displayPath, name), reason: "not a regular file"))
            }
        }
        return AlbumListing(files: files, warnings: warnings)
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
