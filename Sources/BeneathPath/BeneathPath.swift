import COpenBeneath
import Glibc

/// Opens a path beneath a folder's descriptor without following any link
/// or crossing any mount point: the one way both the build's writes into
/// the output folder and `serve`'s reads from it reach a file.
///
/// Path strings are resolved anew on every call, so a link or a bind mount
/// placed inside the folder would carry an open out of it, even one checked
/// just before. `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
/// RESOLVE_NO_XDEV` has the kernel refuse both, the last component
/// included. Where the kernel has no `openat2` (before Linux 5.6, or a
/// sandbox that refuses it) the path is walked one component at a time with
/// `O_NOFOLLOW`, and a folder on another device is taken for a mount point;
/// a bind mount of the same file system is then not seen (the one gap of the
/// fallback).
public enum BeneathPath {
    public enum Method: Sendable {
        /// `openat2`, walking only where the kernel lacks it.
        case automatic
        /// The component-by-component walk (the fallback; tests force it).
        case walk
    }

    /// Why an open failed; `at` is the path up to the offending component.
    public enum Failure: Error, Equatable, Sendable {
        case link(at: String)
        case mountPoint(at: String)
        case system(call: String, code: Int32)
    }

    /// `O_PATH` (glibc declares it only under `_GNU_SOURCE`): an open that only names a place.
    public static let pathOnly: Int32 = CASCADE_O_PATH

    /// Whether this kernel opens with `openat2` (probed once).
    public static let kernelConfines: Bool = {
        let probe = cascade_open_beneath(AT_FDCWD, ".", CASCADE_O_PATH | O_DIRECTORY | O_CLOEXEC, 0)
        if probe >= 0 { close(probe) }
        return probe >= 0 || (errno != ENOSYS && errno != EPERM)
    }()

    /// Opens `relative` (not empty, no `..`, no leading slash) beneath the
    /// open folder `folder` with `flags` (close-on-exec added). The caller
    /// closes the descriptor it gets.
    public static func open(_ relative: String, in folder: Int32, flags: Int32, mode: mode_t = 0o666,
                            method: Method = .automatic) -> Result<Int32, Failure> {
        guard method == .automatic, kernelConfines else { return walk(relative, in: folder, flags: flags, mode: mode) }
        let fd = cascade_open_beneath(folder, relative, flags | O_CLOEXEC, UInt32(mode))
        if fd >= 0 { return .success(fd) }
        let code = errno
        guard code == ELOOP || code == EXDEV else { return .failure(.system(call: "open", code: code)) }
        let at = culprit(of: relative, in: folder)
        return .failure(code == ELOOP ? .link(at: at) : .mountPoint(at: at))
    }

    /// The first component of `path` that is a link or a mount point, for
    /// the message (the kernel says only that one is).
    private static func culprit(of path: String, in folder: Int32) -> String {
        var prefix = ""
        for component in path.split(separator: "/") {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            let fd = cascade_open_beneath(folder, prefix, CASCADE_O_PATH | O_CLOEXEC, 0)
            if fd < 0 { return prefix }
            close(fd)
        }
        return path
    }

    /// The fallback: one component at a time, never following a link, never
    /// onto another device.
    private static func walk(_ path: String, in folder: Int32, flags: Int32, mode: mode_t) -> Result<Int32, Failure> {
        var folderInfo = stat()
        guard fstat(folder, &folderInfo) == 0 else { return .failure(.system(call: "fstat", code: errno)) }
        let components = path.split(separator: "/")
        var current = folder
        defer { if current != folder { close(current) } }
        var prefix = ""
        for (index, component) in components.enumerated() {
            prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
            let last = index == components.count - 1
            var info = stat()
            if fstatat(current, String(component), &info, AT_SYMLINK_NOFOLLOW) == 0 {
                if info.st_mode & S_IFMT == S_IFLNK { return .failure(.link(at: prefix)) }
                if info.st_dev != folderInfo.st_dev { return .failure(.mountPoint(at: prefix)) }
            }
            var next: Int32
            repeat {
                next = openat(current, String(component),
                              last ? flags | O_NOFOLLOW | O_CLOEXEC : O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, mode)
            } while next < 0 && errno == EINTR
            guard next >= 0 else {
                return .failure(errno == ELOOP ? .link(at: prefix) : .system(call: "open", code: errno))
            }
            if current != folder { close(current) }
            current = next
        }
        let result = current
        current = folder  // handed to the caller, not closed by the defer
        return .success(result)
    }
}
