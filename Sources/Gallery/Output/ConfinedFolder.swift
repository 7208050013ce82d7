import CFileAttributes
import BeneathPath
import Foundation
import ImageHeaders

/// A link or a mount point found where Cascade would write in its output
/// folder: writing through it would land outside the folder (in the album,
/// in the user's home), so the build stops and names it.
public enum OutputEscape: Sendable, Equatable, CustomStringConvertible {
    case symbolicLink
    case mountPoint

    public var description: String {
        switch self {
        case .symbolicLink: "is a symbolic link"
        case .mountPoint: "is a mount point"
        }
    }
}

/// Why an operation beneath ``ConfinedFolder`` failed.
enum ConfinedError: Error, Equatable {
    /// `path` (relative to the folder) is a link or a mount point.
    case escape(path: String, OutputEscape)
    case system(SystemCallError)

    /// ENOENT: nothing there (a folder that does not exist yet).
    var isMissing: Bool { self == .system(SystemCallError(call: "open", code: ENOENT)) }
}

/// The output folder, opened once; every path below it is opened from that
/// descriptor (``BeneathPath``: no link followed, no mount point crossed)
/// and never resolved again as a string, so a link or a bind mount placed
/// inside the output (`out/renditions -> ../album`) cannot carry a write
/// out of it, even one checked just before.
///
/// The folder itself may be reached through a link: that is the user's own
/// choice of `--output`, and `OutputPlacement` has already checked it is
/// not the album or above it.
final class ConfinedFolder: Sendable {
    let descriptor: Int32
    /// How paths are opened (the walk only in its tests, or where the kernel has no `openat2`).
    let method: BeneathPath.Method

    /// Whether this kernel opens with `openat2`.
    static var kernelConfines: Bool { BeneathPath.kernelConfines }

    /// Opens the existing folder at `path`. `usesKernel: false` takes the
    /// fallback walk even where `openat2` works (its tests).
    init(path: String, usesKernel: Bool = true) throws(SystemCallError) {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno) }
        self.descriptor = descriptor
        method = usesKernel ? .automatic : .walk
    }

    deinit { close(descriptor) }

    /// Opens `relative` (no `..`, no leading slash; `""` the folder itself)
    /// with `flags`, beneath the folder. The caller closes the descriptor.
    func open(_ relative: some StringProtocol, flags: Int32, mode: mode_t = 0o666) throws(ConfinedError) -> Int32 {
        let path = String(relative)
        guard !path.isEmpty else {
            let fd = openat(descriptor, ".", flags | O_CLOEXEC)
            guard fd >= 0 else { throw .system(SystemCallError(call: "open", code: errno)) }
            return fd
        }
        switch BeneathPath.open(path, in: descriptor, flags: flags, mode: mode, method: method) {
        case .success(let fd): return fd
        case .failure(.link(let at)): throw .escape(path: at, .symbolicLink)
        case .failure(.mountPoint(let at)): throw .escape(path: at, .mountPoint)
        case .failure(.system(let call, let code)): throw .system(SystemCallError(call: call, code: code))
        }
    }

    /// Runs `body` with the folder `relative` open (`""`: the folder itself),
    /// making the folders missing on the way when `create`.
    func withFolder<T>(_ relative: some StringProtocol, create: Bool,
                       _ body: (Int32) throws(ConfinedError) -> T) throws(ConfinedError) -> T {
        if relative.isEmpty { return try body(descriptor) }
        let fd = try openFolder(String(relative), create: create)
        defer { close(fd) }
        return try body(fd)
    }

    private func openFolder(_ relative: String, create: Bool) throws(ConfinedError) -> Int32 {
        do {
            return try open(relative, flags: O_RDONLY | O_DIRECTORY)
        } catch where create && error.isMissing {
            let (parent, name) = Self.split(relative)
            try withFolder(parent, create: true) { (folder: Int32) throws(ConfinedError) in
                guard mkdirat(folder, String(name), 0o777) == 0 || errno == EEXIST else {
                    throw .system(SystemCallError(call: "mkdir", code: errno))
                }
            }
            return try open(relative, flags: O_RDONLY | O_DIRECTORY)
        }
    }

    /// `relative` split at its last slash: (folder, name).
    static func split(_ relative: String) -> (folder: Substring, name: Substring) {
        // Found on the bytes, which a large site's hundreds of thousands of
        // paths make worth it. A slash between two ASCII bytes is a
        // `Character` of its own (only non-ASCII marks join a slash), so
        // the answer is the one `Character` search gives; anything else asks it.
        let bytes = relative.utf8
        // The last slash's offset, searched in place where the bytes lie
        // together (a native string's always do; the view's own backward
        // search steps index by index), and whether both its neighbours are
        // ASCII; nil offset: no slash.
        let found = bytes.withContiguousStorageIfAvailable { stored -> (offset: Int?, plain: Bool) in
            guard let offset = stored.lastIndex(of: UInt8(ascii: "/")) else { return (nil, true) }
            return (offset, (offset == 0 || stored[offset - 1] < 0x80) && (offset + 1 == stored.count || stored[offset + 1] < 0x80))
        }
        guard let found else { return characterSplit(relative) }
        guard let offset = found.offset else { return ("", relative[...]) }
        guard found.plain else { return characterSplit(relative) }
        let slash = bytes.index(bytes.startIndex, offsetBy: offset)
        return (relative[..<slash], relative[bytes.index(after: slash)...])
    }

    private static func characterSplit(_ relative: String) -> (folder: Substring, name: Substring) {
        guard let slash = relative.lastIndex(of: "/") else { return ("", relative[...]) }
        return (relative[..<slash], relative[relative.index(after: slash)...])
    }
}

extension ConfinedFolder {
    /// The bytes of the regular file `relative`.
    func read(_ relative: String, atMost limit: Int = .max) throws(ConfinedError) -> [UInt8] {
        let fd = try open(relative, flags: O_RDONLY | O_NONBLOCK)
        defer { close(fd) }
        do throws(SystemCallError) {
            return try FileIO.read(descriptor: fd, atMost: limit)
        } catch {
            throw .system(error)
        }
    }

    /// `lstat` of `relative`; nil when it, or a folder on its way, is missing
    /// (or is a link: nothing is looked at through one).
    func status(_ relative: String) -> stat? {
        let (folder, name) = Self.split(relative)
        return try? withFolder(folder, create: false) { (fd: Int32) throws(ConfinedError) -> stat? in
            var info = stat()
            return fstatat(fd, String(name), &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
        } ?? nil
    }

    /// Writes `bytes` to `relative` through a temporary file in the same
    /// folder and a rename (a reader never sees half a file; a link put at
    /// the name is replaced, never followed), making missing folders.
    func write(_ bytes: some ContiguousBytes, to relative: String, modified: timespec?) throws(ConfinedError) {
        let (folder, name) = Self.split(relative)
        try withFolder(folder, create: true) { (fd: Int32) throws(ConfinedError) in
            let temporary = FileIO.temporaryName()
            let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard file >= 0 else { throw .system(SystemCallError(call: "open", code: errno)) }
            do throws(SystemCallError) {
                try FileIO.writeAll(bytes, to: file)
                if let modified { guard futimens(file, Self.times(modified)) == 0 else { throw SystemCallError(call: "futimens", code: errno) } }
                let closed = close(file)
                guard closed == 0 else { throw SystemCallError(call: "close", code: errno) }
                guard renameat(fd, temporary, fd, String(name)) == 0 else { throw SystemCallError(call: "rename", code: errno) }
            } catch {
                if error.call != "close" && error.call != "rename" { close(file) }
                unlinkat(fd, temporary, 0)
                throw .system(error)
            }
        }
    }

    /// Removes the regular file `relative` (never a folder, a link's target
    /// or anything behind a link); whether it did.
    func removeFile(_ relative: String) -> Bool {
        let (folder, name) = Self.split(relative)
        return (try? withFolder(folder, create: false) { (fd: Int32) throws(ConfinedError) -> Bool in
            var info = stat()
            guard fstatat(fd, String(name), &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
            return unlinkat(fd, String(name), 0) == 0
        }) ?? false
    }

    /// Removes the folder `relative` if it is empty; whether it did.
    func removeFolderIfEmpty(_ relative: String) -> Bool {
        let (folder, name) = Self.split(relative)
        return (try? withFolder(folder, create: false) { (fd: Int32) throws(ConfinedError) -> Bool in
            unlinkat(fd, String(name), AT_REMOVEDIR) == 0
        }) ?? false
    }

    /// Sets the modification time of `relative` (a file or a folder, never
    /// through a link) to `time`; with `onlyIfLater`, only when it is later.
    func setModified(_ relative: String, to time: timespec, onlyIfLater: Bool = false) {
        let (folder, name) = Self.split(relative)
        _ = try? withFolder(folder, create: false) { (fd: Int32) throws(ConfinedError) in
            // The folder itself: its own descriptor.
            let target = name.isEmpty ? "." : String(name)
            var info = stat()
            guard fstatat(fd, target, &info, AT_SYMLINK_NOFOLLOW) == 0,
                  info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFDIR,
                  info.st_mtim.tv_sec != time.tv_sec || info.st_mtim.tv_nsec != time.tv_nsec else { return }
            if onlyIfLater, (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) < (time.tv_sec, time.tv_nsec) { return }
            _ = utimensat(fd, target, Self.times(time), AT_SYMLINK_NOFOLLOW)
        }
    }

    /// Sets (or with nil removes) the extended attribute `attribute` of the
    /// folder `relative`; whether it was set.
    @discardableResult
    func setAttribute(_ attribute: String, of relative: String, to bytes: [UInt8]?) -> Bool {
        (try? withFolder(relative, create: false) { (fd: Int32) throws(ConfinedError) -> Bool in
            guard let bytes else {
                _ = fremovexattr(fd, attribute)
                return false
            }
            return fsetxattr(fd, attribute, bytes, bytes.count, 0) == 0
        }) ?? false
    }

    /// Access time left alone (UTIME_OMIT), modification time `time`.
    static func times(_ time: timespec) -> [timespec] {
        [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]
    }
}
