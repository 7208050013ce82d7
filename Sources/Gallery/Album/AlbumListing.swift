import Foundation
import ImageHeaders

/// One folder of the album tree as a build sees it: the files Cascade will
/// try to read and the sub-folders that may be albums, in natural order.
///
/// Hidden entries are ignored, and so are folders a build wrote (holding
/// `.cascade-manifest`) and files whose extension marks them
/// as documents or sidecars (`LICENSES.md`, `IMG_1.xmp`, `picasa.ini`, …) or as
/// what a phone, camera or editor writes beside a photo (`IMG_1.AAE`,
/// `GOPR0001.THM`, ``sideFileExtensions``), so an album can hold its notes and
/// its devices' side files without a warning per file. Everything else is
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

    /// Extensions of companion files that are never images (compared lowercased).
    static let ignoredExtensions: Set<String> = documentExtensions.union(sideFileExtensions)

    /// Notes, settings and web files an album may hold beside its photos.
    static let documentExtensions: Set<String> = [
        "md", "markdown", "txt", "rtf", "pdf", "tsv", "csv", "json", "yaml", "yml", "toml",
        "xmp", "html", "htm", "css", "js", "mustache", "db", "ini", "log", "py", "sh",
    ]

    /// What phones, cameras and photo editors write beside a photo or clip:
    /// Apple's edit list (`.aae`, an XML plist that would otherwise be read as
    /// a malformed SVG), a camera's thumbnail (`.thm`, a small JPEG), GoPro's and
    /// DJI's low-resolution proxy clip (`.lrv`, an MP4), and the edit settings of
    /// DxO (`.dop`), RawTherapee (`.pp3`), Capture One (`.cos`) and ON1 (`.on1`).
    ///
    /// They are companions whether or not the photo they belong to is in the
    /// folder: these extensions name nothing but such side files, and a `.thm`
    /// or `.lrv` left behind after its clip was deleted is still a copy of
    /// something else, never a photo to publish (nor a file to warn about).
    static let sideFileExtensions: Set<String> = ["aae", "thm", "lrv", "dop", "pp3", "cos", "on1"]

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
            // Only a warning shows the path: made for those alone, not for each of 100,000 files.
            var display: String { album.display((relative + [entry.name]).joined(separator: "/")) }
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
