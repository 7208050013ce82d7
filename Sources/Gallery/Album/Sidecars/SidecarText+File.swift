import Foundation
import ImageHeaders

extension SidecarText {
    /// The text of the sidecar at `path`, at most ``byteLimit`` bytes of it;
    /// nil when there is no such file (or it is a folder or another kind of
    /// entry, which a sidecar name on disk can be by accident).
    ///
    /// The edge where sidecars meet the file system: only a failing `open`
    /// (other than "not there") or `read` throws. What the bytes say is never
    /// an error.
    static func read(fileAt path: String) throws(SystemCallError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR || errno == ELOOP { return nil }
            throw SystemCallError(call: "open", code: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError(call: "fstat", code: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        // One byte past the limit tells a file that is exactly the limit from a longer one.
        var bytes = [UInt8](repeating: 0, count: byteLimit + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemCallError(call: "read", code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        return decode(bytes[..<filled], truncated: filled > byteLimit)
    }
}
