/// Bounds on what one client may send or hold, so a slow or hostile client
/// costs bounded memory and time (security notes SV-7, SV-8).
public struct RequestLimits: Sendable {
    /// Bytes of request line plus headers (Node's is 8 KiB; ours leaves room
    /// for long cookies a browser may send to localhost).
    public var maxHeadBytes = 16 * 1024
    /// Header lines in one request.
    public var maxHeaders = 100
    /// Seconds from a request's first byte to its blank line: a client that
    /// sends one byte a second is dropped at this point.
    public var headerTimeout = 10.0
    /// Seconds a connection may wait for its first, or its next, request.
    public var idleTimeout = 5.0
    /// Seconds a client may leave a response unread before it is dropped.
    public var writeTimeout = 30.0
    /// Connections held at once, each with its own thread. At the cap a new
    /// one is still taken in: the oldest idle connection (waiting for a
    /// request) is closed for it; 503 only when all are busy answering.
    public var maxConnections = 256
    /// Connections held at once from one address (an IPv6 /64), with the
    /// same rule: its own oldest idle connection is closed for a new one.
    public var maxConnectionsPerAddress = 64
    /// Seconds an idle connection may wait for its request head once the
    /// server (or its address) holds three quarters of its cap.
    public var busyHeadTimeout = 2.0
    /// Pages listening for live reload at once.
    public var maxLiveReloadClients = 64

    public init() {}
}
