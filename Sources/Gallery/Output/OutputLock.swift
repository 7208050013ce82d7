import Foundation
import ImageHeaders

/// An exclusive `flock` on `OUTPUT/.cascade-lock`, held for a whole build, so
/// two builds into one folder never interleave their writes and manifests.
///
/// The lock belongs to the open file description, so two opens in one
/// process exclude each other as two processes do. While held, the file
/// holds the pid of the build holding it, for the message a second build
/// prints; it is kept (the manifest lists it as Cascade's) except by ``abandon()``.
///
/// Shards of a split build (`--shard I/N`) take it shared: any number of
/// them run at once (their files are disjoint and none writes the
/// manifest), while a full build, which takes it exclusively, never
/// overlaps one. A shared holder writes its pid padded to a fixed width,
/// so holders writing at once always leave one whole pid line.
final class OutputLock: Sendable {
    static let fileName = ".cascade-lock"

    private let descriptor: Int32
    private let root: String
    /// Whether taking the lock created the output folder.
    private let createdFolder: Bool
    /// Whether this build made the lock file (no earlier build had left one).
    private let createdFile: Bool
    /// Taken shared (a shard) rather than exclusive.
    private let shared: Bool

    /// Takes the lock on the folder at `root` (created if missing), or fails
    /// at once if another build holds it (with `shared`: if a full build does).
    /// `SOURCE_DATE_EPOCH`: the emptied file's modification time when released.
    private let sourceDateEpoch: Int64?

    init(root: URL, displayName: String, shared: Bool = false, sourceDateEpoch: Int64? = nil) throws(BuildError) {
        self.sourceDateEpoch = sourceDateEpoch
        let file = PathText.join(root.path, Self.fileName)
        var info = stat()
        let existed = lstat(root.path, &info) == 0
        let fileExisted = lstat(file, &info) == 0
        do throws(SystemCallError) {
            try FileIO.makeFolders(root.path)
        } catch {
            throw .writeFailed(path: PathText.join(displayName, Self.fileName), reason: error)
        }
        let descriptor = open(file, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o666)
        guard descriptor >= 0 else {
            throw .writeFailed(path: PathText.join(displayName, Self.fileName),
                               reason: SystemCallError(call: "open", code: errno))
        }
        var result: Int32
        repeat { result = flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let code = errno
            let holder = Self.recordedPID(descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw .outputBusy(output: displayName, pid: holder) }
            throw .writeFailed(path: PathText.join(displayName, Self.fileName),
                               reason: SystemCallError(call: "flock", code: code))
        }
        // Only an empty file or one a build left (a pid) is the lock: a file
        // of the user's that happens to have the name is never emptied.
        guard Self.isLockFile(descriptor) else {
            close(descriptor)
            throw .wouldOverwrite(path: PathText.join(displayName, Self.fileName))
        }
        if shared {
            let digits = String(getpid())
            let pid = Array((String(repeating: " ", count: max(0, 11 - digits.count)) + digits + "\n").utf8)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            _ = ftruncate(descriptor, off_t(pid.count))
        } else {
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
        self.descriptor = descriptor
        self.root = root.path
        createdFolder = !existed
        createdFile = !fileExisted
        self.shared = shared
    }

    /// After a build that failed before writing anything: removes the lock
    /// file if this build made it, and the output folder if taking the lock
    /// created it (only while it holds nothing else), so a failed build
    /// leaves nothing behind. The lock file goes before the lock is released, so a
    /// build that opens it meanwhile fails as busy or finds no folder.
    func abandon() {
        // A lock file this build made goes, so a failed build into an
        // existing folder leaves it as it was.
        // A shared holder does so only when it is the last: another shard
        // still holds the file, and a full build must keep finding it busy.
        if createdFile && (!shared || flock(descriptor, LOCK_EX | LOCK_NB) == 0) {
            unlink(PathText.join(root, Self.fileName))
        }
        guard createdFolder else { return }
        guard (try? FileManager.default.contentsOfDirectory(atPath: root))?.isEmpty == true else { return }
        rmdir(root)
    }

    /// Releases the lock (closing the file does), emptying the file first so
    /// a finished build leaves the same bytes whoever ran it.
    deinit {
        // A shard empties it only as the last holder (taking it exclusively
        // then succeeds); otherwise the others' lock stays named.
        if !shared || flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            _ = ftruncate(descriptor, 0)
            if let sourceDateEpoch {
                let times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), timespec(tv_sec: Int(sourceDateEpoch), tv_nsec: 0)]
                _ = futimens(descriptor, times)
            }
        }
        close(descriptor)
    }

    /// Whether the file at `path` is a lock file a build left: a regular
    /// file (not through a link), empty or holding nothing but a pid line.
    static func isLockFile(atPath path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return isLockFile(descriptor)
    }

    /// Whether the open file is empty or holds nothing but a pid line.
    private static func isLockFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return info.st_size == 0 || (info.st_size < 32 && recordedPID(descriptor) != nil)
    }

    private static func recordedPID(_ descriptor: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
