#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension XMPPacket {
    /// Reads and parses a sidecar file (`NAME.xmp` or `NAME.EXT.xmp`): the
    /// thin I/O edge around ``parse(_:)``. Reads at most ``maxLength`` + 1
    /// bytes, so an oversized file fails with `tooLarge` without being read whole.
    public static func parse(fileAt path: String) throws(XMPError) -> XMPPacket {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw XMPError(reason: .readFailed("open \(path): errno \(errno)")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw XMPError(reason: .readFailed("\(path) is not a regular file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= maxLength {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw XMPError(reason: .readFailed("read \(path): errno \(errno)"))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return try parse(bytes)
    }
}
