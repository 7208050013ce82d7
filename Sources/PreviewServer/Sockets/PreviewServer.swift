import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server on this machine for the files a build published:
/// GET and HEAD of those (``ServedFiles``), nothing else of the folder, and
/// live reload in serve mode.
///
/// Written on sockets because SwiftNIO, the usual choice, cannot be fetched
/// here. One thread accepts; each connection gets its own thread (at most
/// ``RequestLimits/maxConnections``), so a slow client only ever holds its
/// own; every wait has a deadline.
public final class PreviewServer: Sendable {
    public let configuration: ServerConfiguration
    /// The port listened on (the real one when 0 was asked).
    public let port: Int
    /// The pages listening for builds.
    public let hub: LiveReloadHub
    /// What is served; its owner publishes each good build's files.
    public let files: ServedFiles

    let responder: Responder
    private let listener: Int32
    private let active = Atomic<Int>(0)
    private let open = Mutex(Set<Int32>())
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)

    public init(_ configuration: ServerConfiguration, files: ServedFiles) throws(ServerError) {
        // A write to a peer that hung up must be an error, not the end of the
        // process (SV-10); every send also passes MSG_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
        let (fd, port) = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        self.configuration = configuration
        self.listener = fd
        self.port = port
        self.files = files
        hub = LiveReloadHub(maxClients: configuration.limits.maxLiveReloadClients)
        responder = Responder(hosts: HostPolicy(boundHost: configuration.host), liveReload: configuration.liveReload)
    }

    /// The address to open in a browser.
    public var url: String {
        let host = configuration.host.contains(":") && !configuration.host.hasPrefix("[")
            ? "[\(configuration.host)]" : configuration.host
        let shown = host == "0.0.0.0" ? "127.0.0.1" : host == "::" || host == "[::]" ? "[::1]" : host
        return "http://\(shown):\(port)/"
    }

    /// Connections being served now (event streams not counted).
    public var activeConnections: Int { active.load(ordering: .relaxed) }

    /// Starts accepting on a thread of its own and returns.
    public func start() {
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting, ends every connection and event stream, and returns
    /// once the accept loop has closed the socket.
    public func stop() {
        guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
        _ = stopped.wait(timeout: .now() + 2)
        open.withLock { fds in for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) } }
        hub.closeAll()
    }

    private func acceptLoop() {
        var lastHeartbeat = SocketIO.now()
        while !stopping.load(ordering: .relaxed) {
            if SocketIO.now() - lastHeartbeat > 15 {
                hub.heartbeat()
                lastHeartbeat = SocketIO.now()
            }
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                // Out of descriptors (SV-11): wait for some to close, no busy loop.
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { usleep(50_000) }
                continue
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            guard active.add(1, ordering: .relaxed).newValue <= configuration.limits.maxConnections else {
                active.subtract(1, ordering: .relaxed)
                refuse(fd)
                continue
            }
            open.withLock { _ = $0.insert(fd) }
            Thread.detachNewThread { [self] in
                let keepOpen = serve(fd)
                open.withLock { _ = $0.remove(fd) }
                if !keepOpen { close(fd) }
                active.subtract(1, ordering: .relaxed)
            }
        }
        close(listener)
        stopped.signal()
    }

    /// Over the connection cap: a 503 without waiting, then closed.
    private func refuse(_ fd: Int32) {
        let body = Array("Too many connections; try again.\n".utf8)
        let plan = ResponsePlan.message(.serviceUnavailable, body: body, extra: [("Retry-After", "1")])
        let bytes = plan.headBytes(keepAlive: false) + body
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        close(fd)
    }

    var isStopping: Bool { stopping.load(ordering: .relaxed) }
}
