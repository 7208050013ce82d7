import Glibc

/// Which `Host` headers the preview answers, against DNS rebinding (security
/// notes SV-6): a page on `evil.example` that re-points its name at
/// 127.0.0.1 still sends `Host: evil.example` and is refused.
public struct HostPolicy: Sendable {
    /// Names accepted besides IP literals, lowercased, without a port.
    public var names: Set<String>

    /// `localhost` and the `--host` given (an IP literal or a name).
    public init(boundHost: String) {
        names = ["localhost", boundHost.lowercased()]
    }

    /// Whether `host` (a Host header, perhaps with a port) is allowed: an IP
    /// literal (a rebinding attack needs a name, never a literal) or one of
    /// `names`.
    public func allows(_ host: String) -> Bool {
        var name = host.trimmingSpaces.lowercased()
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest.dropFirst()) && rest.first == ":" else { return false }
            let literal = String(name[name.index(after: name.startIndex)..<close])
            return Self.isAddress(literal, family: AF_INET6)
        }
        if let colon = name.lastIndex(of: ":") {
            guard Self.isPort(name[name.index(after: colon)...]) else { return false }
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        return Self.isAddress(name, family: AF_INET) || names.contains(name)
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber)
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family, text, &buffer) == 1
    }
}
