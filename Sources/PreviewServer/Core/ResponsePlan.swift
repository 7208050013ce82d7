/// What to answer: the status, the headers and which bytes of the body to
/// send (nil: none, as for HEAD, 304 and 416).
public struct ResponsePlan: Equatable, Sendable {
    public var status: HTTPStatus
    public var headers: [(name: String, value: String)]
    public var body: Range<Int>?

    public init(status: HTTPStatus, headers: [(name: String, value: String)], body: Range<Int>?) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Plans the answer to a GET or HEAD of `resource`. Pure.
    ///
    /// Conditionals first (`If-None-Match` wins over `If-Modified-Since`, as
    /// RFC 9110 §13.2.2 orders them) → 304; then a single byte range → 206,
    /// or 416 with `bytes */SIZE`; `If-Range` that no longer matches sends
    /// the whole file.
    public static func forFile(_ resource: Resource, request: RequestHead) -> ResponsePlan {
        let isHead = request.method == "HEAD"
        var headers: [(name: String, value: String)] = [
            ("Last-Modified", HTTPDate.format(resource.modified)),
            ("ETag", resource.etag),
            // A preview must show the latest build: revalidate every time
            // (cheap with the 304s above).
            ("Cache-Control", "no-cache"),
        ]
        if isNotModified(resource, request: request) {
            return ResponsePlan(status: .notModified, headers: headers, body: nil)
        }
        headers.insert(("Content-Type", resource.contentType), at: 0)
        headers.append(("Accept-Ranges", "bytes"))
        headers.append(("X-Content-Type-Options", "nosniff"))
        var range = ByteRange(header: request.header("Range"), size: resource.size)
        if let ifRange = request.header("If-Range"), ifRange != resource.etag,
           HTTPDate.parse(ifRange) != resource.modified {
            range = .whole
        }
        switch range {
        case .whole:
            headers.append(("Content-Length", String(resource.size)))
            return ResponsePlan(status: .ok, headers: headers, body: isHead ? nil : 0..<resource.size)
        case .partial(let bytes):
            headers.append(("Content-Range", "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(resource.size)"))
            headers.append(("Content-Length", String(bytes.count)))
            return ResponsePlan(status: .partialContent, headers: headers,
                                body: isHead ? nil : bytes.lowerBound..<(bytes.upperBound + 1))
        case .unsatisfiable:
            headers.append(("Content-Range", "bytes */\(resource.size)"))
            headers.append(("Content-Length", "0"))
            return ResponsePlan(status: .rangeNotSatisfiable, headers: headers, body: nil)
        }
    }

    private static func isNotModified(_ resource: Resource, request: RequestHead) -> Bool {
        if let match = request.header("If-None-Match") {
            let tags = match.split(separator: ",").map { tag -> String in
                let trimmed = tag.trimmingSpaces
                return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
            }
            return tags.contains("*") || tags.contains(resource.etag)
        }
        if let since = request.header("If-Modified-Since"), let date = HTTPDate.parse(since) {
            return resource.modified <= date
        }
        return false
    }

    /// A short answer with a text or HTML body: errors, redirects, 405.
    public static func message(_ status: HTTPStatus, body: [UInt8], contentType: String = "text/plain; charset=utf-8",
                               extra: [(name: String, value: String)] = [], isHead: Bool = false) -> ResponsePlan {
        var headers: [(name: String, value: String)] = [("Content-Type", contentType)]
        headers += extra
        headers.append(("Content-Length", String(body.count)))
        headers.append(("X-Content-Type-Options", "nosniff"))
        headers.append(("Cache-Control", "no-cache"))
        return ResponsePlan(status: status, headers: headers, body: isHead ? nil : 0..<body.count)
    }

    /// The status line and headers as sent, ending in the blank line;
    /// `keepAlive` decides the `Connection` header.
    public func headBytes(keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status.rawValue) \(status.reason)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Array(text.utf8)
    }

    public static func == (lhs: ResponsePlan, rhs: ResponsePlan) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body
            && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}
