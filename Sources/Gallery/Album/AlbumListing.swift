import Foundation
import ImageHeaders

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

    /// Lists `album`: names and entry types only, no file is opened.
    static func read(_ album: AlbumFolder) throws(BuildError) -> AlbumListing {
        let entries: [FolderEntry]
        do throws(SystemCallError) {
            entries = try FolderEntry.read(atPath: album.path)
        } catch {
            throw .albumUnreadable(path: album.displayName, reason: error)
        }
        var files: [String] = []
        var warnings: [BuildWarning] = []
        for entry in entries {
            if ignoredExtensions.contains((entry.name as NSString).pathExtension.lowercased()) { continue }
            switch entry.kind {
            case .file: files.append(entry.name)
            case .folder: continue  // Sub-albums come later; a folder is not a skipped image.
            case .symbolicLink: warnings.append(BuildWarning(path: album.display(entry.name), reason: .symbolicLink))
            case .special: warnings.append(BuildWarning(path: album.display(entry.name), reason: .notRegularFile))
            case .unknown: warnings.append(BuildWarning(path: album.display(entry.name), reason: .cannotExamine))
            }
        }
        return AlbumListing(files: files, warnings: warnings)
    }
}
