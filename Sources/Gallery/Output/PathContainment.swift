import Foundation

/// Decides whether one path lies inside another after resolving symbolic links,
/// so `--output album/../album/site` or a symlink into the album is caught.
enum PathContainment {
    static func isInside(_ candidate: URL, _ folder: URL) -> Bool {
        let inner = canonical(candidate).pathComponents
        let outer = canonical(folder).pathComponents
        return inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer
    }

    /// Resolves the deepest existing ancestor with `realpath`, then appends the
    /// rest, because the output folder usually does not exist yet.
    static func canonical(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        var resolved = existing
        if let real = realpath(existing.path, nil) {
            resolved = URL(fileURLWithPath: String(cString: real))
            free(real)
        }
        return rest.reduce(resolved) { $0.appendingPathComponent($1) }
    }
}
