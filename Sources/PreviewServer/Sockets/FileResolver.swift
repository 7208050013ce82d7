import Glibc

/// Finds the file a ``SafePath`` names inside the served folder, following
/// symbolic links only as far as they stay inside it: the joined path is
/// resolved with `realpath` and its components compared with the root's
/// (never a string prefix: `/site-secret` is not inside `/site`).
struct FileResolver: Sendable {
    /// What a path leads to.
    enum Lookup: Equatable {
        /// A regular file inside the root.
        case file(path: String, info: FileInfo)
        /// A folder asked for without its trailing slash: 301 to this.
        case redirect(location: String)
        /// Nothing, a folder without `index.html`, a file outside the root,
        /// a device or a socket: 404, never a listing.
        case notFound
    }

    /// What `stat` said of a file.
    struct FileInfo: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    let root: String
    private let rootComponents: [Substring]

    /// nil when `root` does not exist.
    init?(root: String) {
        guard let resolved = Self.realPath(root) else { return nil }
        self.root = resolved
        rootComponents = resolved.split(separator: "/")
    }

    func lookup(_ path: SafePath) -> Lookup {
        let joined = ([root] + path.segments).joined(separator: "/")
        guard let resolved = contained(joined), var info = status(resolved) else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard path.endsInSlash else { return .redirect(location: path.folderLocation) }
            // index.html may itself be a link pointing out: resolved again.
            guard let index = contained(resolved + "/index.html"), let indexInfo = status(index) else { return .notFound }
            info = indexInfo
            return Self.regular(index, info)
        }
        guard !path.endsInSlash else { return .notFound }
        return Self.regular(resolved, info)
    }

    private static func regular(_ path: String, _ info: stat) -> Lookup {
        guard info.st_mode & S_IFMT == S_IFREG else { return .notFound }
        return .file(path: path, info: FileInfo(size: Int(info.st_size), seconds: Int(info.st_mtim.tv_sec),
                                                nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino)))
    }

    /// `path` resolved, if it exists and lies inside the root.
    private func contained(_ path: String) -> String? {
        guard let resolved = Self.realPath(path) else { return nil }
        let components = resolved.split(separator: "/")
        guard components.count >= rootComponents.count,
              Array(components.prefix(rootComponents.count)) == rootComponents else { return nil }
        return resolved
    }

    private func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
