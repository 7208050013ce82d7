import Foundation

/// The files of an album folder that Cascade will try to read, in natural order.
///
/// Hidden files are ignored, and so are files whose extension marks them as
/// documents or sidecars (`LICENSES.md`, `IMG_1.xmp`, …), so an album can hold
/// its notes without a warning per file. Everything else is a candidate: its
/// format is decided by its bytes, never by its extension. Folders (sub-albums)
/// and symbolic links are not followed.
struct AlbumListing: Sendable, Equatable {
    var files: [String]
    /// Entries that were passed over and why (symbolic links, special files).
    var warnings: [BuildWarning]

    /// Extensions of companion files that are never images.
    static let ignoredExtensions: Set<String> = [
        "md", "markdown", "txt", "rtf", "pdf", "tsv", "csv", "json", "yaml", "yml", "toml",
        "xmp", "html", "htm", "css", "js", "mustache", "db", "ini", "log",
    ]

    /// Lists `album`: names only (`readdir` and `lstat`), no file is opened.
    static func read(_ album: AlbumFolder) throws(BuildError) -> AlbumListing {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: album.path)
        } catch {
            throw .albumUnreadable(path: album.displayName, reason: error.localizedDescription)
        }

        var files: [String] = []
        var warnings: [BuildWarning] = []
        for name in NaturalOrder.sorted(names) where !name.hasPrefix(".") {
            if ignoredExtensions.contains((name as NSString).pathExtension.lowercased()) { continue }
            var info = stat()
            guard lstat(album.path(of: name), &info) == 0 else {
                warnings.append(BuildWarning(path: album.display(name), reason: .cannotExamine))
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                files.append(name)
            case S_IFDIR:
                continue  // Sub-albums come later; a folder is not a skipped image.
            case S_IFLNK:
                warnings.append(BuildWarning(path: album.display(name), reason: .symbolicLink))
            default:
                warnings.append(BuildWarning(path: album.display(name), reason: .notRegularFile))
            }
        }
        return AlbumListing(files: files, warnings: warnings)
    }
}
