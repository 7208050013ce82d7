import Glibc

/// Removes the temporary files an interrupted build left in the output
/// folder: a build killed between creating `.cascade-tmp-<pid>-<n>` and
/// renaming it leaves that file behind, and nothing else would ever remove it.
///
/// Run under the output lock, so no other build into this folder is writing
/// one. Only regular files whose name is exactly Cascade's pattern go, and
/// only when no process of that pid is alive (a nested output folder may be
/// another build's); links are never followed, not even to folders, and no
/// mount point inside the folder is entered.
enum StrayTemporaries {
    static let prefix = ".cascade-tmp-"
    /// Deeper than the folders any build writes: bounds the walk.
    static let maxDepth = 64

    /// Removes the stray temporary files anywhere below the folder `root`.
    static func remove(in root: String) {
        let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            close(descriptor)
            return
        }
        remove(inFolder: descriptor, device: info.st_dev, depth: 0)
    }

    /// Whether `name` is one `FileIO.temporaryName` makes:
    /// `.cascade-tmp-<digits>-<digits>`, and the pid it names.
    static func pid(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.utf8.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "-"),
                                                                  omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 19 && $0.allSatisfy(isDigit) }) else {
            return nil
        }
        return pid_t(String(decoding: parts[0], as: UTF8.self))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Walks the open folder `descriptor` (and closes it).
    private static func remove(inFolder descriptor: Int32, device: dev_t, depth: Int) {
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(directory) }
        // Names and entry types first; `stat` only for folders and for names
        // of the pattern, so a large renditions folder costs one `readdir`.
        var entries: [(name: String, type: UInt8)] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { entries.append((name, entry.pointee.d_type)) }
        }
        let folder = dirfd(directory)
        for (name, type) in entries {
            let pid = pid(ofTemporary: name)
            let maybeFolder = Int(type) == DT_DIR || Int(type) == DT_UNKNOWN
            guard pid != nil || (maybeFolder && depth < maxDepth) else { continue }
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR where depth < maxDepth && info.st_dev == device:
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { remove(inFolder: child, device: device, depth: depth + 1) }
            case S_IFREG:
                guard let pid, !isAlive(pid) else { continue }
                unlinkat(folder, name, 0)
            default:
                continue
            }
        }
    }

    /// Whether a process `pid` exists (it may belong to another user).
    private static func isAlive(_ pid: pid_t) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }
}
