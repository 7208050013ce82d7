import Foundation
import ImageHeaders

/// A file another program writes into the output folder — a published
/// video, too big to hold in memory, written by ffmpeg — before it is
/// renamed into place.
///
/// The temporary file is created beneath the output folder by Cascade
/// (``ConfinedFolder``, `O_EXCL`), and the other program is handed
/// ``externalPath``, `/proc/<pid>/fd/<n>`: opening that reopens this very
/// file, with no folder names to resolve again, so no link placed in the
/// output meanwhile can carry the program's writes elsewhere. A build killed
/// before ``place(as:)`` leaves `.cascade-tmp-…`, which the next build
/// removes (``StrayTemporaries``).
final class PendingFile {
    private let folder: Int32
    private let file: Int32
    private let temporary: String
    private var placed = false

    /// Creates a temporary file in the open folder `folder` (which it now owns).
    init(inFolder folder: Int32) throws(SystemCallError) {
        let temporary = FileIO.temporaryName()
        let file = openat(folder, temporary, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else {
            let code = errno
            close(folder)
            throw SystemCallError(call: "open", code: code)
        }
        self.folder = folder
        self.file = file
        self.temporary = temporary
    }

    /// The path another process opens to write this file.
    var externalPath: String { "/proc/\(getpid())/fd/\(file)" }

    /// The open file, for a library that writes into it in this process (libzip).
    var descriptor: Int32 { file }

    /// The file's size now.
    var size: Int {
        var info = stat()
        return fstat(file, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Renames the file to `name` in its folder, with modification time `time` when given.
    func place(as name: String, modified time: timespec?) throws(SystemCallError) {
        if let time { _ = futimens(file, ConfinedFolder.times(time)) }
        guard renameat(folder, temporary, folder, name) == 0 else { throw SystemCallError(call: "rename", code: errno) }
        placed = true
    }

    deinit {
        if !placed { unlinkat(folder, temporary, 0) }
        close(file)
        close(folder)
    }
}
