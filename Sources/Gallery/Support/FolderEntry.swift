import Glibc
import ImageHeaders

/// The entries of one folder, as a walk or a listing sees them, in natural
/// order (`img2` before `img10`) — the one folder reader behind both
/// `cascade build` and `cascade scan`, so they agree.
///
/// Hidden entries (a leading `.`) are left out. The kind comes from
/// `readdir`'s entry type, falling back to `fstatat` (without following
/// links) where the file system gives none, so listing costs no `stat` per
/// file and never follows a link.
struct FolderEntry: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case folder
        case file
        case symbolicLink
        /// A FIFO, socket or device.
        case special
        /// `fstatat` failed on it.
        case unknown
    }

    var name: String
    var kind: Kind

    /// The entries of the open folder `directory`.
    static func read(_ directory: OpaquePointer) -> [FolderEntry] {
        var entries: [FolderEntry] = []
        while let entry = readdir(directory) {
            // Names that are not UTF-8 are repaired with U+FFFD (shown, and then not found).
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            entries.append(FolderEntry(name: name, kind: kind(entry.pointee.d_type, name, in: directory)))
        }
        return NaturalOrder.sortedIndices(entries.map(\.name)).map { entries[$0] }
    }

    /// The entries of the folder at `path`.
    static func read(atPath path: String) throws(SystemCallError) -> [FolderEntry] {
        guard let directory = opendir(path) else { throw SystemCallError(call: "opendir", code: errno) }
        defer { closedir(directory) }
        return read(directory)
    }

    private static func kind(_ type: UInt8, _ name: String, in directory: OpaquePointer) -> Kind {
        switch Int(type) {
        case DT_DIR: return .folder
        case DT_REG: return .file
        case DT_LNK: return .symbolicLink
        case DT_UNKNOWN:
            var info = stat()
            guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .unknown }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .file
            case S_IFLNK: return .symbolicLink
            default: return .special
            }
        default: return .special
        }
    }
}
