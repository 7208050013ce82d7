#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an open file with `pread`: the thin file edge beside the pure core.
///
/// It does not own the descriptor (the caller opens and closes it, so a
/// scanner can use its own `openat`/`O_NOFOLLOW` policy) and keeps no file
/// position, so it is `Sendable`. Read-ahead happens one level up: parsers
/// ask for windows of a few KiB, so a typical header costs one or two `pread`s.
public struct FileByteSource: ByteSource, Sendable {
    /// The open file descriptor read from.
    public let descriptor: Int32

    /// Wraps an open, readable descriptor.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads up to `count` bytes at `offset`, fewer only at the end of the file.
    /// Throws ``SystemCallError`` when `pread` fails.
    public func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, count > 0, off_t(exactly: offset) != nil else { return [] }
        var failure: SystemCallError?
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            initializedCount = 0
            guard let base = buffer.baseAddress else { return }
            var filled = 0
            while filled < count {
                let position = off_t(offset) + off_t(filled)
                let wanted = count - filled
                let got = pread(descriptor, base + filled, wanted, position)
                if got > 0 {
                    filled += got
                    // A short read of a regular file means its end: asking
                    // again would cost a second system call for every file
                    // smaller than the window.
                    if got < wanted { break }
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failure = SystemCallError(call: "pread", code: errno)
                    break
                }
            }
            initializedCount = filled
        }
        if let failure {
            throw failure
        }
        return result
    }
}
