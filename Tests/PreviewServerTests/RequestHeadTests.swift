import Testing
@testable import PreviewServer

/// Request-head parsing from bytes: what is accepted, and the status of each refusal.
@Suite struct RequestHeadTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func parsesRequestLineAndHeaders() throws {
        let head = try RequestHead.parse(Self.bytes("GET /a%20b/?x=1 HTTP/1.1\r\nHost: localhost:8000\r\nRange:  bytes=0-1 \r\n\r\n"))
        #expect(head.method == "GET")
        #expect(head.target == "/a%20b/?x=1")
        #expect(head.minorVersion == 1)
        #expect(head.header("host") == "localhost:8000")
        #expect(head.header("RANGE") == "bytes=0-1")
        #expect(head.keepsAlive)
    }

    @Test func connectionSemantics() throws {
        #expect(try !RequestHead.parse(Self.bytes("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")).keepsAlive)
        #expect(try !RequestHead.parse(Self.bytes("GET / HTTP/1.0\r\n\r\n")).keepsAlive)
        #expect(try RequestHead.parse(Self.bytes("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")).keepsAlive)
        #expect(try RequestHead.parse(Self.bytes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n")).announcesBody)
        #expect(try !RequestHead.parse(Self.bytes("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")).announcesBody)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var head: String
        var status: Int
        var testDescription: String { head.debugDescription }
    }

    static let bad: [Bad] = [
        Bad(head: "GET / HTTP/1.1\r\n\r\n", status: 400), // no Host
        Bad(head: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/2.0\r\nHost: a\r\n\r\n", status: 505),
        Bad(head: "GET / FTP/1.0\r\n\r\n", status: 400),
        Bad(head: "GET /\r\n\r\n", status: 400),
        Bad(head: "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        Bad(head: "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        Bad(head: "GET /é HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\nHost: a\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost : a\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost: a\u{1}b\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", status: 400),
        Bad(head: "GET / HTTP/1.1\r\nHost: a\r\n", status: 400),
    ]

    @Test(arguments: bad)
    func refusals(_ c: Bad) {
        do {
            let head = try RequestHead.parse(Self.bytes(c.head))
            Issue.record("accepted \(head)")
        } catch {
            #expect(error.status.rawValue == c.status, "\(error)")
        }
    }

    /// SV-8: too many headers, too many bytes, a request line that never ends.
    @Test func limits() {
        var limits = RequestLimits()
        limits.maxHeaders = 100
        let many = "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: b\r\n", count: 100) + "\r\n"
        #expect(throws: RequestError(.headerFieldsTooLarge, "too many headers")) { try RequestHead.parse(Self.bytes(many), limits: limits) }
        let huge = "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
        #expect(throws: RequestError(.headerFieldsTooLarge, "request head too large")) { try RequestHead.parse(Self.bytes(huge)) }
        let line = Self.bytes("GET /" + String(repeating: "a", count: 70_000))
        #expect(RequestHead.oversizeError(for: line).status == .uriTooLong)
    }

    @Test func endOfHeadIsFoundAcrossReads() {
        let head = Self.bytes("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /next")
        #expect(RequestHead.endOfHead(in: head) == 27)
        #expect(RequestHead.endOfHead(in: Array(head.prefix(26)), from: 20) == nil)
        #expect(RequestHead.endOfHead(in: head, from: 25) == 27)
    }

    @Test(arguments: [
        ("localhost", true), ("localhost:8000", true), ("127.0.0.1:1", true), ("[::1]:8000", true), ("[::1]", true),
        ("LOCALHOST.", true), ("192.168.1.2:80", true),
        ("evil.example", false), ("evil.example:8000", false), ("localhost.evil.example", false), ("127.0.0.1.nip.io", false),
        ("[::1", false), ("localhost:x", false), ("", false),
    ])
    func hostPolicy(_ host: String, _ allowed: Bool) {
        #expect(HostPolicy(boundHost: "127.0.0.1").allows(host) == allowed)
    }

    @Test func boundNameIsAllowed() {
        #expect(HostPolicy(boundHost: "gallery.local").allows("gallery.local:8000"))
    }
}

/// Which `--host` values need the "reachable from the network" warning.
@Suite struct LoopbackTests {
    @Test(arguments: [("127.0.0.1", true), ("localhost", true), ("::1", true), ("[::1]", true), ("127.0.0.2", true),
                      ("0.0.0.0", false), ("::", false), ("127.example.com", false), ("127.1.2.3.nip.io", false), ("192.168.1.10", false), ("gallery.local", false)])
    func loopback(_ host: String, _ expected: Bool) {
        #expect(ServerConfiguration.isLoopback(host) == expected)
    }
}
