import Glibc

/// A regular file opened for a response: the descriptor it is read from and
/// what `fstat` said of it, taken from the same descriptor (no second lookup
/// of the path between the check and the read). Closed when released.
final class OpenFile {
    let fd: Int32
    let info: Info

    /// What `fstat` said.
    struct Info: Equatable {
        var size: Int
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64

        /// A strong entity tag (``Resource/etag(size:seconds:nanoseconds:inode:)``).
        var etag: String { Resource.etag(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode) }
    }

    /// Takes over `fd`; nil (and `fd` closed) unless it is a regular file.
    init?(adopting fd: Int32) {
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        self.fd = fd
        info = Info(size: Int(status.st_size), seconds: Int(status.st_mtim.tv_sec),
                    nanoseconds: Int(status.st_mtim.tv_nsec), inode: UInt64(status.st_ino))
    }

    deinit { close(fd) }

    /// The whole file as `fstat` sized it (a page, to add the live script
    /// to); nil if it cannot be read or has shrunk since.
    func readAll() -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: info.size)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }
}
