import COpenBeneath
import Glibc

/// Opens a file beneath a folder's descriptor without following any link:
/// `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_XDEV`,
/// or, on a kernel without it (before Linux 5.6), one `openat(O_NOFOLLOW)`
/// per segment with each step's device compared to the folder's.
///
/// A link anywhere on the way (the file itself or a folder above it), a
/// mount point or a path leaving the folder fails the open; the caller then
/// reads from the descriptor it got, so nothing is resolved twice.
enum BeneathOpen {
    enum Method: Sendable {
        /// `openat2`, walking only when the kernel lacks it.
        case automatic
        /// The segment-by-segment walk (the fallback; tests force it).
        case walk
    }

    /// A read-only, close-on-exec, non-blocking descriptor for `relative`
    /// beneath `directory`; nil for a path with an empty, `.` or `..`
    /// segment (openat2 would allow a `..` that stays beneath: not here).
    static func open(_ relative: String, in directory: Int32, method: Method = .automatic) -> Int32? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        if method == .automatic {
            let fd = cascade_open_beneath(directory, relative, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, 0)
            if fd >= 0 { return fd }
            guard errno == ENOSYS else { return nil }
        }
        return walk(relative, in: directory)
    }

    private static func walk(_ relative: String, in directory: Int32) -> Int32? {
        var rootInfo = stat()
        guard fstat(directory, &rootInfo) == 0 else { return nil }
        let parts = relative.split(separator: "/")
        var current = directory
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            let flags = O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (isLast ? O_RDONLY : O_RDONLY | O_DIRECTORY)
            var next: Int32
            repeat { next = openat(current, String(part), flags) } while next < 0 && errno == EINTR
            if current != directory { close(current) }
            guard next >= 0 else { return nil }
            var info = stat()
            guard fstat(next, &info) == 0, info.st_dev == rootInfo.st_dev,
                  isLast || info.st_mode & S_IFMT == S_IFDIR else {
                close(next)
                return nil
            }
            current = next
        }
        return current
    }
}
