import Glibc

/// The entries of one open folder that a walk follows: sub-folders and
/// regular files, in natural order (`img2` before `img10`).
///
/// Hidden entries are skipped; symbolic links and special files are never
/// followed or read. Uses `readdir`'s entry type, falling back to `fstatat`
/// (without following links) where the file system does not give one.
enum FolderEntries {
    static func read(_ directory: OpaquePointer) -> [(name: String, isFolder: Bool)] {
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            // Names that are not UTF-8 are repaired with U+FFFD (shown, and then not found).
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let mode = info.st_mode & S_IFMT
                type = mode == S_IFDIR ? UInt8(DT_DIR) : mode == S_IFREG ? UInt8(DT_REG) : UInt8(DT_LNK)
            }
            if type == UInt8(DT_DIR) || type == UInt8(DT_REG) {
                entries.append((name, type == UInt8(DT_DIR)))
            }
        }
        return NaturalOrder.sortedIndices(entries.map(\.name)).map { entries[$0] }
    }
}
