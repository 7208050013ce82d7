/// A parsed request line and its headers, nothing else (the preview serves
/// only GET and HEAD, so a body is never read).
public struct RequestHead: Equatable, Sendable {
    /// The method token as sent (`GET`, `HEAD`, `POST`…), case-sensitive.
    public var method: String
    /// The request target exactly as sent, still percent-encoded.
    public var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public var minorVersion: Int
    /// Header fields in order, names as sent.
    public var headers: [(name: String, value: String)]

    public init(method: String, target: String, minorVersion: Int, headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The first value of the header `name` (case-insensitive), if sent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Every value of the header `name`.
    public func headerValues(_ name: String) -> [String] {
        let wanted = name.lowercased()
        return headers.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    public var keepsAlive: Bool {
        let tokens = headerValues("Connection").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces.lowercased() }
        if minorVersion == 0 { return tokens.contains("keep-alive") }
        return !tokens.contains("close")
    }

    /// Whether the client announced a body; the connection is then closed
    /// after the response, since the body is never read.
    public var announcesBody: Bool {
        if header("Transfer-Encoding") != nil { return true }
        if let length = header("Content-Length") { return length.trimmingSpaces != "0" }
        return false
    }

    public static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
        lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = lastIndex(where: { !isSpace($0) })!
        return String(self[start...end])
    }
}
