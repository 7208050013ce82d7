import Glibc

/// Where to listen, and within which limits.
public struct ServerConfiguration: Sendable {
    /// The address to listen on: `127.0.0.1` (the default), `::1`, `localhost`, or wider.
    public var host: String
    /// 0 picks a free port; ``PreviewHTTPServer/port`` tells which.
    public var port: Int
    /// Inject the live-reload script and answer its event stream.
    public var liveReload: Bool
    public var limits: RequestLimits

    public init(host: String = "127.0.0.1", port: Int = 8000, liveReload: Bool = true,
                limits: RequestLimits = RequestLimits()) {
        self.host = host
        self.port = port
        self.liveReload = liveReload
        self.limits = limits
    }

    /// Whether `host` names only this machine (no warning needed).
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name == "::1" || name == "[::1]" { return true }
        // 127.0.0.0/8, as an address literal only: `127.example.com` is a name.
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1 && UInt32(bigEndian: address.s_addr) >> 24 == 127
    }
}
