import BeneathPath
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
    typealias Method = BeneathPath.Method

    /// A read-only, close-on-exec, non-blocking descriptor for `relative`
    /// beneath `directory`; nil for a path with an empty, `.` or `..`
    /// segment (openat2 would allow a `..` that stays beneath: not here).
    static func open(_ relative: String, in directory: Int32, method: Method = .automatic) -> Int32? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return try? BeneathPath.open(relative, in: directory, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, mode: 0,
                                     method: method).get()
    }
}
