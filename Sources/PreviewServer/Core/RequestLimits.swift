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
    /// Seconds a kept-alive connection may wait for its next request.
    public var idleTimeout = 5.0
    /// Seconds a client may leave a response unread before it is dropped.
    public var writeTimeout = 30.0
    /// Connections served at once; more are answered 503 and closed.
    public var maxConnections = 64
    /// Pages listening for live reload at once.
    public var maxLiveReloadClients = 64

    public init() {}
}
