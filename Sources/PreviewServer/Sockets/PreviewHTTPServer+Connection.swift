import Glibc

extension PreviewHTTPServer {
    /// Serves one connection's requests until it closes, misbehaves, idles
    /// out or is closed to make room. Returns true when the hub took the
    /// socket over (it is then no longer this server's to close).
    func serve(_ fd: Int32, id: UInt64, slot: ConnectionSlot) -> Bool {
        let limits = configuration.limits
        var buffer: [UInt8] = []
        var served = ServedFiles.Reader(files)
        while !isStopping {
            guard let request = readRequest(fd, buffer: &buffer, slot: slot) else { return false }
            let response = responder.respond(to: request, served: served.current())
            if response.isEventStream {
                // Out of the registry before the hub may close it: a number
                // reused by another connection must never be shut down here.
                connections.remove(id)
                if hub.adopt(fd) { return true }
                reject(fd, RequestError(.serviceUnavailable, "too many pages listening"))
                return false
            }
            // A body is never read, so the stream cannot be trusted after one.
            let keepAlive = request.keepsAlive && !request.announcesBody && !isStopping
            guard SocketIO.write(fd, response.plan.headBytes(keepAlive: keepAlive), timeout: limits.writeTimeout) else { return false }
            switch response.body {
            case .none:
                break
            case .bytes(let bytes):
                guard SocketIO.write(fd, bytes, timeout: limits.writeTimeout) else { return false }
            case .file(let file, let range):
                guard SocketIO.sendFile(fd, file: file, range: range, timeout: limits.writeTimeout) else { return false }
            }
            if !keepAlive { return false }
        }
        return false
    }

    /// Reads the next request's head from `fd` (what follows it stays in
    /// `buffer`); nil when the connection is to close: it closed, idled out,
    /// was closed to make room, or misbehaved (then it was answered so).
    private func readRequest(_ fd: Int32, buffer: inout [UInt8], slot: ConnectionSlot) -> RequestHead? {
        let limits = configuration.limits
        // Idle until the head is whole: the connection may be closed for
        // a newcomer meanwhile (the read then sees the end).
        slot.waiting(now: SocketIO.now())
        // The first byte may wait the idle time; the whole head must then
        // arrive within the header deadline, however slowly it trickles.
        var deadline = SocketIO.now() + (buffer.isEmpty ? limits.idleTimeout : limits.headerTimeout)
        var scanned = 0
        var headEnd = RequestHead.endOfHead(in: buffer)
        while headEnd == nil {
            if buffer.count > limits.maxHeadBytes {
                reject(fd, RequestHead.oversizeError(for: Array(buffer.prefix(limits.maxHeadBytes))))
                return nil
            }
            let wasEmpty = buffer.isEmpty
            scanned = buffer.count
            switch SocketIO.read(fd, into: &buffer, deadline: deadline) {
            case .closed:
                return nil
            case .timedOut:
                if !wasEmpty { reject(fd, RequestError(.requestTimeout, "request head too slow")) }
                return nil
            case .bytes:
                if wasEmpty { deadline = SocketIO.now() + limits.headerTimeout }
            }
            headEnd = RequestHead.endOfHead(in: buffer, from: scanned)
        }
        guard let end = headEnd, slot.answering() else { return nil }
        guard end <= limits.maxHeadBytes else {
            reject(fd, RequestHead.oversizeError(for: Array(buffer.prefix(limits.maxHeadBytes))))
            return nil
        }
        let request: RequestHead
        do {
            request = try RequestHead.parse(Array(buffer[..<end]), limits: limits)
        } catch {
            reject(fd, error)
            return nil
        }
        buffer.removeFirst(end)
        return request
    }

    /// Answers a request that cannot be served with its status, then the
    /// connection is closed.
    private func reject(_ fd: Int32, _ error: RequestError) {
        let body = Array("\(error.status.reason)\n".utf8)
        let plan = ResponsePlan.message(error.status, body: body)
        _ = SocketIO.write(fd, plan.headBytes(keepAlive: false) + body, timeout: 1)
    }
}
