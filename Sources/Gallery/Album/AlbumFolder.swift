import Foundation

/// The album folder a build reads: where it is, and what to call it in
/// messages. Checked to exist and be a folder when made, so that is the
/// first thing a build finds wrong.
struct AlbumFolder: Sendable {
    let url: URL
    /// The file-system path, for the plain-string joins the hot loops use.
    let path: String
    /// As the user would recognise it (relative to the current folder when inside it).
    let displayName: String
    /// A folder inside the album the walk leaves out, by device and inode:
    /// the output folder, when it lies inside the album.
    var excludedFolder: FileID?

    init(_ url: URL) throws(BuildError) {
        self.url = url
        path = url.path
        displayName = PathText.display(url)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .albumNotFound(path: displayName)
        }
        guard isFolder.boolValue else { throw .albumNotAFolder(path: displayName) }
    }

    /// The file-system path of `name` in the album.
    func path(of name: String) -> String { PathText.join(path, name) }

    /// The file-system path of the folder `relative` (names from the root).
    func folderPath(_ relative: [String]) -> String {
        relative.isEmpty ? path : path(of: relative.joined(separator: "/"))
    }

    /// `name` as messages show it.
    func display(_ name: String) -> String { PathText.join(displayName, name) }
}

extension AlbumFolder {
    /// Where a symbolic link in the album leads.
    enum LinkTarget: Equatable {
        /// A regular file inside the album root.
        case fileInside
        case folder
        /// Outside the album root.
        case outside
        /// Nowhere (dangling, a loop, or unreadable).
        case broken
    }

    /// Resolves the link at `path` (every link on the way followed) and says
    /// whether it stays inside the album root.
    func resolveLink(_ path: String) -> LinkTarget {
        guard let resolved = realpath(path, nil) else { return .broken }
        defer { free(resolved) }
        var info = stat()
        guard stat(resolved, &info) == 0 else { return .broken }
        if info.st_mode & S_IFMT == S_IFDIR { return .folder }
        guard info.st_mode & S_IFMT == S_IFREG else { return .broken }
        guard let root = realpath(self.path, nil) else { return .broken }
        defer { free(root) }
        let target = String(cString: resolved), base = String(cString: root)
        return target.hasPrefix(base == "/" ? "/" : base + "/") ? .fileInside : .outside
    }
}
