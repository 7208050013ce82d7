import Glibc

/// The served folder, held open by descriptor: every file is opened beneath
/// it (``BeneathOpen``), never by joining path strings. Closed when the last
/// request using it ends after a newer build replaced it.
final class ServedRoot: Sendable {
    let fd: Int32
    let method: BeneathOpen.Method

    /// Opens the folder at `path`; a missing folder (or not a folder) throws.
    init(path: String, method: BeneathOpen.Method = .automatic) throws(ServerError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .missingRoot(path: path) }
        self.fd = fd
        self.method = method
    }

    deinit { close(fd) }

    /// The regular file `relative` beneath the folder, reached without
    /// following any link; nil when it is missing, a link, a folder, a
    /// device or a FIFO, or lies on another mount.
    func openFile(_ relative: String) -> OpenFile? {
        BeneathOpen.open(relative, in: fd, method: method).flatMap(OpenFile.init(adopting:))
    }
}
