import Foundation

/// Decides whether one folder lies inside another by device and inode, never
/// by comparing path strings: `--output album/../album/site`, a symbolic link
/// to the album or a bind mount of it are all caught.
///
/// From the inner folder it walks up with `..` (the parent the file system
/// knows, not the one the spelling suggests), comparing each folder's
/// (st_dev, st_ino) with the outer folder's, until the root.
enum PathContainment {
    /// Deeper than any real tree: bounds the walk whatever the file system does.
    static let maxLevels = 4096

    /// Whether the folder `inner` is `outer` or lies somewhere below it. A
    /// path that does not exist yet is placed by its deepest existing ancestor.
    static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        guard let target = FileID(path: outer.path) else { return false }
        return isInside(existingAncestor(of: inner), target)
    }

    /// Whether the folder at `path` is `target` or lies below it.
    static func isInside(_ path: String, _ target: FileID) -> Bool {
        var current = path
        guard var id = FileID(path: current) else { return false }
        for _ in 0..<maxLevels {
            if id == target { return true }
            current = PathText.join(current, "..")
            guard let parent = FileID(path: current), parent != id else { return false }
            id = parent
        }
        return false
    }

    /// `url`'s path if it exists, else that of its deepest existing ancestor
    /// (the output folder usually does not exist before the first build).
    static func existingAncestor(of url: URL) -> String {
        var existing = url.standardizedFileURL
        while FileID(path: existing.path) == nil, existing.path != "/" {
            existing = existing.deletingLastPathComponent()
        }
        return existing.path
    }
}
