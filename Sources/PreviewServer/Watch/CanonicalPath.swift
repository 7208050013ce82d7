import Glibc

/// Paths as the file system resolves them, for comparing folders.
enum CanonicalPath {
    /// `path` with every link and `..` resolved; nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `path` resolved as far as it exists, the rest appended with `.` and
    /// `..` applied as spelled (nothing there can be a link yet): an output
    /// folder a later build will make is still recognised when it appears.
    /// nil when not even the current folder resolves.
    static func resolvedOrPlanned(_ path: String) -> String? {
        if let whole = resolved(path) { return whole }
        let prefix = path.hasPrefix("/") ? "/" : ""
        var parts = path.split(separator: "/").map(String.init)
        var tail: [String] = []
        while let last = parts.popLast() {
            tail.insert(last, at: 0)
            let existing = prefix + parts.joined(separator: "/")
            guard let base = resolved(existing.isEmpty ? "." : existing) else { continue }
            var result = base.split(separator: "/").map(String.init)
            for part in tail where part != "." {
                if part == ".." { _ = result.popLast() } else { result.append(part) }
            }
            return "/" + result.joined(separator: "/")
        }
        return nil
    }
}
