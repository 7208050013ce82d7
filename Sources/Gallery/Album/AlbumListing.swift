import Foundation
import ImageHeaders

/// One folder of the album tree as a build sees it: the files Cascade will
/// try to read and the sub-folders that may be albums, in natural order.
///
/// Hidden entries are ignored, and so are folders a build wrote (holding
/// `.cascade-manifest`) and files whose extension marks them
/// as documents or sidecars (`LICENSES.md`, `IMG_1.xmp`, `picasa.ini`, …), so
/// an album can hold its notes without a warning per file. Everything else is
/// a candidate: its format is decided by its bytes, never by its extension.
///
/// Symbolic links: a link to a file inside the album root is listed like the
/// file (the photo is published under the link's name and, having the same
/// content, rendered once); a link that leads outside the root, to a folder,
/// or nowhere is named in a warning and not followed, so a build never reads
/// outside the album and never walks a cycle.
struct AlbumListing: Sendable, Equatable {
    var files: [String]
    var folders: [String]
    /// Names (NFC) of the companion files passed over (`IMG_1.md`, `IMG_1.xmp`),
    /// so sidecars are opened only where they exist.
    var companions: Set<String> = []
    /// Entries that were passed over and why (links, special files).
    var warnings: [BuildWarning]

    /// Extensions of companion files that are never images.
    static let ignoredExtensions: Set<String> = [
        "md", "markdown", "txt", "rtf", "pdf", "tsv", "csv", "json", "yaml", "yml", "toml",
        "xmp", "html", "htm", "css", "js", "mustache", "db", "ini", "log", "py", "sh",
    ]

    /// Whether a file of this name is a companion file, never an image.
    static func isIgnored(_ name: String) -> Bool {
        // The common name, `IMG_0001.JPG`, without Foundation's path machinery
        // (a library lists 100,000 of them); anything else as Foundation reads it.
        let bytes = name.utf8
        if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex,
           bytes[bytes.index(after: dot)...].allSatisfy({ $0 < 0x80 && (isalnum(Int32($0)) != 0) }) {
            return ignoredExtensions.contains(String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self).lowercased())
        }
        return ignoredExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Whether the folder at `path` is one a build wrote: it holds a regular
    /// `.cascade-manifest`.
    static func isOutputFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(PathText.join(path, OutputFolder.manifestName), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Lists the folder `relative` (folder names from the root) of `album`:
    /// names and entry types only, no file is opened.
    static func read(_ album: AlbumFolder, folder relative: [String] = []) throws(BuildError) -> AlbumListing {
        let folderPath = relative.isEmpty ? album.path : album.path(of: relative.joined(separator: "/"))
        let entries: [FolderEntry]
        do throws(SystemCallError) {
            entries = try FolderEntry.read(atPath: folderPath)
        } catch {
            let display = relative.isEmpty ? album.displayName : album.display(relative.joined(separator: "/"))
            throw .albumUnreadable(path: display, reason: error)
        }
        var listing = AlbumListing(files: [], folders: [], warnings: [])
        for entry in entries {
            let display = album.display((relative + [entry.name]).joined(separator: "/"))
            switch entry.kind {
            case .folder:
                // The output folder (renditions and all) is never part of the
                // album, nor is any folder a build wrote (it holds a manifest):
                // an old `_site` inside the album when building elsewhere.
                let path = PathText.join(folderPath, entry.name)
                if let excluded = album.excludedFolder, FileID(path: path) == excluded { continue }
                if isOutputFolder(path) { continue }
                listing.folders.append(entry.name)
            case .file:
                if isIgnored(entry.name) {
                    listing.companions.insert(NameKey.of(entry.name))
                } else {
                    listing.files.append(entry.name)
                }
            case .symbolicLink:
                if isIgnored(entry.name) { continue }
                switch album.resolveLink(PathText.join(folderPath, entry.name)) {
                case .fileInside: listing.files.append(entry.name)
                case .folder: listing.warnings.append(BuildWarning(path: display, reason: .linkToFolder))
                case .outside: listing.warnings.append(BuildWarning(path: display, reason: .linkOutsideAlbum))
                case .broken: listing.warnings.append(BuildWarning(path: display, reason: .symbolicLink))
                }
            case .special:
                if !isIgnored(entry.name) { listing.warnings.append(BuildWarning(path: display, reason: .notRegularFile)) }
            case .unknown: listing.warnings.append(BuildWarning(path: display, reason: .cannotExamine))
            }
        }
        return listing
    }
}
