import Glibc
import Synchronization

/// The pages listening for builds: each holds an open event stream; a build
/// that succeeds tells them to reload, one that fails sends its message.
/// A page that connects while the last build is failing hears it at once.
public final class LiveReloadHub: Sendable {
    private struct State {
        var clients: [Int32] = []
        var failure: String?
    }

    private let state = Mutex(State())
    private let maxClients: Int

    public init(maxClients: Int = 64) {
        self.maxClients = maxClients
    }

    /// Pages listening now.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Takes over a connection that asked for the event stream: sends the
    /// stream's head; false (the caller answers 503) when full.
    func adopt(_ fd: Int32) -> Bool {
        state.withLock { state in
            guard state.clients.count < maxClients else { return false }
            var bytes = Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\nretry: 1000\n\n").utf8)
            if let failure = state.failure { bytes += ServerSentEvent.format(event: "failure", data: failure) }
            guard Self.send(fd, bytes) else {
                close(fd)
                return true
            }
            state.clients.append(fd)
            return true
        }
    }

    /// A build succeeded: every page reloads.
    public func buildSucceeded() {
        broadcast(ServerSentEvent.format(event: "reload", data: "")) { $0 = nil }
    }

    /// A build failed with `message`: every page shows it over the last good site.
    public func buildFailed(_ message: String) {
        broadcast(ServerSentEvent.format(event: "failure", data: message)) { $0 = message }
    }

    /// Finds pages that have gone (their send fails).
    func heartbeat() {
        broadcast(ServerSentEvent.heartbeat) { _ in }
    }

    /// Closes every stream (the server is stopping).
    func closeAll() {
        state.withLock { state in
            for fd in state.clients {
                shutdown(fd, Int32(SHUT_RDWR))
                close(fd)
            }
            state.clients = []
        }
    }

    private func broadcast(_ bytes: [UInt8], update: (inout String?) -> Void) {
        state.withLock { state in
            update(&state.failure)
            state.clients.removeAll { fd in
                if Self.send(fd, bytes) { return false }
                close(fd)
                return true
            }
        }
    }

    /// A short write without waiting: a page that does not read its stream
    /// is dropped rather than allowed to stall every other.
    private static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) == raw.count
        }
    }
}
