import Foundation
import ImageHeaders

/// Whole-file reads and plain writes, with the failing call
/// and `errno` kept as a ``SystemCallError`` (no Foundation error text).
enum FileIO {
    /// The bytes of the regular file at `path`, at most `limit` of them. A
    /// path that is not a regular file fails as `open` with `EISDIR`.
    static func read(_ path: String, atMost limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor, atMost: limit)
    }

    /// The bytes of the regular file open as `descriptor`, at most `limit`
    /// of them (``ConfinedFolder`` opens it beneath the output folder).
    static func read(descriptor: Int32, atMost limit: Int = .max) throws(SystemCallError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SystemCallError(call: "open", code: EISDIR) }
        var bytes = [UInt8](repeating: 0, count: min(limit, max(0, Int(info.st_size))))
        var filled = 0
        while filled < limit {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: min(limit - filled, max(4096, bytes.count)))) }
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(call: "read", code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Creates `path` and any missing parent folders (`mkdir -p`).
    static func makeFolders(_ path: String) throws(SystemCallError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw SystemCallError(call: "mkdir", code: ENOTDIR) }
            return
        }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeFolders(String(path[..<slash]))
        }
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else { throw SystemCallError(call: "mkdir", code: errno) }
    }

    /// Writes all of `bytes` to `descriptor`, retrying after signals.
    static func writeAll(_ bytes: some ContiguousBytes, to descriptor: Int32) throws(SystemCallError) {
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw SystemCallError(call: "write", code: failure) }
    }

    /// Creates the file `path` holding `bytes`; fails with `EEXIST` if
    /// anything is already there (`cascade init` never overwrites).
    static func create(_ bytes: some ContiguousBytes, at path: String) throws(SystemCallError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    /// Copies the folder `source` to `target` (which must not exist): its
    /// regular files and sub-folders; hidden entries and links are left out.
    static func copyTree(from source: String, to target: String) throws(SystemCallError) {
        guard mkdir(target, 0o777) == 0 else { throw SystemCallError(call: "mkdir", code: errno) }
        for entry in try FolderEntry.read(atPath: source) {
            let from = PathText.join(source, entry.name), to = PathText.join(target, entry.name)
            switch entry.kind {
            case .folder: try copyTree(from: from, to: to)
            case .file: try create(try read(from), at: to)
            case .symbolicLink, .special, .unknown: continue
            }
        }
    }

    /// `.cascade-tmp-<pid>-<serial>`: the name ``StrayTemporaries`` removes
    /// once its process is gone.
    static func temporaryName() -> String {
        ".cascade-tmp-\(getpid())-\(TemporaryNames.next())"
    }
}
