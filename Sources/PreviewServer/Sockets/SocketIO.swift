import Glibc

/// Reads and writes on one connected socket with deadlines: every wait is a
/// `poll` bounded by the time left, so no client holds a thread for ever,
/// and every send uses `MSG_NOSIGNAL`, so a peer that hung up is an error,
/// never SIGPIPE (security notes SV-10).
enum SocketIO {
    enum ReadResult {
        case bytes(Int)
        case closed
        case timedOut
    }

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits until `fd` is readable or `deadline` passes, then reads into `buffer`.
    static func read(_ fd: Int32, into buffer: inout [UInt8], deadline: Double) -> ReadResult {
        guard wait(fd, events: Int16(POLLIN), deadline: deadline) else { return .timedOut }
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return .closed }
            buffer += chunk[..<count]
            return .bytes(count)
        }
    }

    /// Sends all of `bytes`; false when the peer left or stopped reading for `timeout` seconds.
    static func write(_ fd: Int32, _ bytes: [UInt8], timeout: Double) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            return write(fd, base, count: raw.count, timeout: timeout)
        }
    }

    static func write(_ fd: Int32, _ base: UnsafeRawPointer, count: Int, timeout: Double) -> Bool {
        var offset = 0
        while offset < count {
            let sent = send(fd, base + offset, count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard wait(fd, events: Int16(POLLOUT), deadline: now() + timeout) else { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Streams `range` of `file` (read from its descriptor, never reopened
    /// by path); false on any failure (the connection is then closed, as the
    /// length was already promised).
    static func sendFile(_ fd: Int32, file: OpenFile, range: Range<Int>, timeout: Double) -> Bool {
        // Uninitialised: zeroing 256 KiB for every response showed in profiles.
        let capacity = min(256 * 1024, max(1, range.count))
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        defer { chunk.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(capacity, range.upperBound - offset)
            let count = pread(file.fd, chunk, wanted, off_t(offset))
            if count < 0, errno == EINTR { continue }
            // A file shortened since its stat: the promised length cannot be kept.
            guard count > 0 else { return false }
            guard write(fd, chunk, count: count, timeout: timeout) else { return false }
            offset += count
        }
        return true
    }

    /// Whether `fd` became ready for `events` before `deadline`.
    static func wait(_ fd: Int32, events: Int16, deadline: Double) -> Bool {
        while true {
            let left = deadline - now()
            guard left > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            if ready > 0 { return true }
            if ready < 0 { return false }
        }
    }
}
