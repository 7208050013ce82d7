extension RequestHead {
    /// Where the head ends in `bytes`: the index just past the first blank
    /// line (`\r\n\r\n`), or nil while it has not arrived.
    public static func endOfHead(in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = max(0, start - 3)
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 {
                return index + 4
            }
            index += 1
        }
        return nil
    }

    /// The error for a head still unfinished after `limits.maxHeadBytes`
    /// bytes: 414 when even the request line has not ended, else 431.
    public static func oversizeError(for bytes: [UInt8]) -> RequestError {
        bytes.contains(10) ? RequestError(.headerFieldsTooLarge, "request head too large")
            : RequestError(.uriTooLong, "request line too long")
    }

    /// Parses a complete head (request line, header lines, blank line). Pure.
    ///
    /// Strict where leniency has caused request smuggling elsewhere: lines end
    /// in CRLF, no folded lines, no space before a header's colon, one Host
    /// (required in HTTP/1.1), only HTTP/1.0 and 1.1.
    public static func parse(_ bytes: [UInt8], limits: RequestLimits = RequestLimits()) throws(RequestError) -> RequestHead {
        guard bytes.count <= limits.maxHeadBytes else { throw oversizeError(for: bytes) }
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 10 {
                guard index > start, bytes[index - 1] == 13 else { throw RequestError(.badRequest, "line not ended by CRLF") }
                lines.append(bytes[start..<(index - 1)])
                start = index + 1
            } else if bytes[index] == 13, index + 1 < bytes.count, bytes[index + 1] != 10 {
                throw RequestError(.badRequest, "bare CR")
            }
            index += 1
        }
        guard start == bytes.count, let blank = lines.last, blank.isEmpty else {
            throw RequestError(.badRequest, "head not ended by a blank line")
        }
        lines.removeLast()
        guard let requestLine = lines.first else { throw RequestError(.badRequest, "no request line") }
        let (method, target, minor) = try parseRequestLine(requestLine)
        let fieldLines = lines.dropFirst()
        guard fieldLines.count <= limits.maxHeaders else { throw RequestError(.headerFieldsTooLarge, "too many headers") }
        var headers: [(name: String, value: String)] = []
        for line in fieldLines {
            headers.append(try parseField(line))
        }
        let head = RequestHead(method: method, target: target, minorVersion: minor, headers: headers)
        let hosts = head.headerValues("Host")
        if hosts.count > 1 { throw RequestError(.badRequest, "more than one Host header") }
        if minor == 1, hosts.isEmpty { throw RequestError(.badRequest, "HTTP/1.1 request without Host") }
        if head.header("Transfer-Encoding") != nil, head.header("Content-Length") != nil {
            throw RequestError(.badRequest, "both Transfer-Encoding and Content-Length")
        }
        return head
    }

    private static func parseRequestLine(_ line: ArraySlice<UInt8>) throws(RequestError) -> (String, String, Int) {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw RequestError(.badRequest, "malformed request line")
        }
        guard parts[0].allSatisfy(isTokenByte) else { throw RequestError(.badRequest, "malformed method") }
        // The target is ASCII without controls or spaces (RFC 9112 §3.2);
        // anything else is sent percent-encoded by every real client.
        guard parts[1].allSatisfy({ $0 > 32 && $0 < 127 }) else { throw RequestError(.badRequest, "malformed target") }
        let version = String(decoding: parts[2], as: UTF8.self)
        let minor: Int
        switch version {
        case "HTTP/1.1": minor = 1
        case "HTTP/1.0": minor = 0
        default:
            guard version.hasPrefix("HTTP/") else { throw RequestError(.badRequest, "malformed version") }
            throw RequestError(.versionNotSupported, "unsupported version")
        }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minor)
    }

    private static func parseField(_ line: ArraySlice<UInt8>) throws(RequestError) -> (name: String, value: String) {
        guard let first = line.first, first != 32, first != 9 else { throw RequestError(.badRequest, "folded header line") }
        guard let colon = line.firstIndex(of: 58) else { throw RequestError(.badRequest, "header without colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw RequestError(.badRequest, "malformed header name") }
        let value = line[(colon + 1)...]
        // Visible bytes, spaces, tabs and obs-text; no other controls.
        guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
            throw RequestError(.badRequest, "control byte in header value")
        }
        // obs-text bytes are kept one to one (Latin-1), never mis-decoded as UTF-8.
        let text = String(String.UnicodeScalarView(value.map { Unicode.Scalar($0) }))
        return (String(decoding: name, as: UTF8.self), text.trimmingSpaces)
    }

    /// RFC 9110 token characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
