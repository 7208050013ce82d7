import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server on this machine for the files a build published:
/// GET and HEAD of those (``ServedFiles``), nothing else of the folder, and
/// live reload in serve mode.
///
/// Written on sockets because SwiftNIO, the usual choice, cannot be fetched
/// here. One thread accepts; each connection gets its own thread, so a slow
/// client only ever holds its own; every wait has a deadline. Idle
/// connections cannot crowd others out: at the cap the oldest idle one is
/// closed for a newcomer (``ConnectionRegistry``).
public final class PreviewHTTPServer: Sendable {
    public let configuration: ServerConfiguration
    /// The port listened on (the real one when 0 was asked).
    public let port: Int
    /// The pages listening for builds.
    public let hub: LiveReloadHub
    /// What is served; its owner publishes each good build's files.
    public let files: ServedFiles

    let responder: Responder
    let connections: ConnectionRegistry
    private let listener: Int32
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    public init(_ configuration: ServerConfiguration, files: ServedFiles) throws(ServerError) {
        // A write to a peer that hung up must be an error, not the end of the
        // process (SV-10); every send also passes MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        let (fd, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        // Accepting until EAGAIN drains a burst of connections in one wake.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        self.configuration = configuration
        self.listener = fd
        self.port = port
        self.files = files
        hub = LiveReloadHub(maxClients: configuration.limits.maxLiveReloadClients)
        connections = ConnectionRegistry(limits: configuration.limits)
        responder = Responder(hosts: HostPolicy(boundHost: configuration.host), liveReload: configuration.liveReload)
    }

    /// The address to open in a browser.
    public var url: String {
        let host = configuration.host.contains(":") && !configuration.host.hasPrefix("[")
            ? "[\(configuration.host)]" : configuration.host
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" || host == "[::]" ? "[::1]" : host
        return "http://\(shown):\(port)/"
    }

    /// Connections held now (event streams not counted).
    public var activeConnections: Int { connections.count }

    /// Idle connections closed so far to make room for new ones.
    public var connectionsClosedForRoom: Int { connections.closedForRoom }

    /// Starts accepting on a thread of its own and returns.
    public func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting, ends every connection and event stream, and returns
    /// once the accept loop has closed the socket.
    public func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = stopped.wait(timeout: .now() + 2)
        connections.shutdownAll()
        hub.closeAll()
    }

    private func acceptLoop() {
        var lastHeartbeat = SocketIO.now()
        while !stopping.load(ordering: .relaxed) {
            let now = SocketIO.now()
            if now - lastHeartbeat > 15 {
                hub.heartbeat()
                lastHeartbeat = now
            }
            connections.closeSlowHeads(now: now)
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            // A burst at most this long per wake, so slow heads are still
            // closed on time under a flood of connections.
            for _ in 0..<64 where !stopping.load(ordering: .relaxed) {
                guard acceptOne() else { break }
            }
        }
        close(listener)
        stopped.signal()
    }

    /// Accepts one connection and starts its thread; false when none is waiting.
    private func acceptOne() -> Bool {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
        }
        guard fd >= 0 else {
            let error = errno
            // Out of descriptors (SV-11): wait for some to close, no busy loop.
            if error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM { usleep(50_000) }
            return error == EINTR || error == ECONNABORTED
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard case .admitted(let id, let slot) = connections.admit(fd, from: PeerAddress(storage), now: SocketIO.now()) else {
            refuse(fd)
            return true
        }
        Thread.detachNewThread { [self] in
            let keepOpen = serve(fd, id: id, slot: slot)
            connections.remove(id)
            if !keepOpen { close(fd) }
        }
        return true
    }

    /// Every connection held is busy answering: a 503 without waiting, then closed.
    private func refuse(_ fd: Int32) {
        let body = Array("Too many connections; try again.\n".utf8)
        let plan = ResponsePlan.message(.serviceUnavailable, body: body, extra: [("Retry-After", "1")])
        let bytes = plan.headBytes(keepAlive: false) + body
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        close(fd)
    }

    var isStopping: Bool { stopping.load(ordering: .relaxed) }
}
