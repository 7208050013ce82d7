import Glibc

/// A file's identity on this machine: device and inode, as `stat` reports
/// them. Two paths name the same folder exactly when their ids are equal,
/// whatever symbolic links, bind mounts or `..` they go through.
struct FileID: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64

    /// The id of what `path` leads to (links followed), or nil when nothing is there.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The id of the entry `name` of the open folder `folder`, not following a link.
    init?(entry name: String, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
