import Foundation
import Glibc
import Testing
@testable import PreviewServer

/// Slow, greedy and rude clients (security notes SV-7, SV-8, SV-10).
@Suite struct ServerLimitTests {
    /// A client trickling its head a byte at a time is dropped at the header
    /// deadline, while another is served at once.
    @Test func slowClientIsDroppedWhileAnotherIsServed() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let slow = try RawClient(port: server.port)
        let start = Date()
        let fd = slow.fd
        // The trickle must end before `slow` closes its descriptor: a number
        // reused by another test's socket would get these bytes.
        let done = DispatchSemaphore(value: 0)
        let trickle = Thread {
            defer { done.signal() }
            for byte in Array("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaa".utf8) {
                var copy = byte
                guard send(fd, &copy, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                usleep(100_000)
            }
        }
        trickle.start()
        defer { done.wait(); withExtendedLifetime(slow) {} }
        usleep(300_000)
        let fastStart = Date()
        let fast = try RawClient(port: server.port).request(ServerSocketTests.get("/style.css"))
        #expect(fast.status == 200)
        // Not queued behind the trickle, which lasts ~6 s.
        #expect(Date().timeIntervalSince(fastStart) < 3)
        // Deadline 1 s from the first byte: closed well before the trickle ends (~6 s).
        let reply = try slow.response(timeout: 3)
        #expect(reply.status == 408)
        #expect(slow.isClosed(within: 1))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func idleKeptAliveConnectionIsClosed() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.request(ServerSocketTests.get("/style.css")).status == 200)
        #expect(client.isClosed(within: 2.5))
    }

    @Test func headerLimits() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let many = "GET / HTTP/1.1\r\nHost: localhost\r\n" + String(repeating: "X-A: b\r\n", count: 200) + "\r\n"
        #expect(try RawClient(port: server.port).request(many).status == 431)
        let big = "GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + String(repeating: "a", count: 100_000) + "\r\n\r\n"
        let bigClient = try RawClient(port: server.port)
        #expect(try bigClient.request(big).status == 431)
        #expect(bigClient.isClosed(within: 1))
        let line = "GET /" + String(repeating: "a", count: 65_536) + " HTTP/1.1\r\nHost: localhost\r\n\r\n"
        #expect(try RawClient(port: server.port).request(line).status == 414)
        let malformed = try RawClient(port: server.port)
        #expect(try malformed.request("GET / HTTP/1.1\r\nHost: localhost\r\n folded\r\n\r\n").status == 400)
        #expect(malformed.isClosed(within: 1))
    }

    /// SV-10: a client that hangs up mid-response costs nothing (the process
    /// would die of SIGPIPE otherwise); the next one is served.
    @Test func hangUpMidResponse() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        for _ in 0..<20 {
            let rude = try RawClient(port: server.port)
            rude.send(ServerSocketTests.get("/photo.jpg"))
            _ = rude.readSome(timeout: 1)
        }
        #expect(try RawClient(port: server.port).request(ServerSocketTests.get("/photo.jpg")).body == site.jpeg)
    }

    @Test func pipelinedRequestsOnOneConnection() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(ServerSocketTests.get("/style.css") + ServerSocketTests.get("/style.css", "Connection: close\r\n"))
        #expect(try client.response().text == "body{}")
        let last = try client.response()
        #expect(last.headers["connection"] == "close")
        #expect(client.isClosed(within: 1))
    }

    @Test func stopClosesEverything() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        let idle = try RawClient(port: server.port)
        let events = try RawClient(port: server.port)
        events.send(ServerSocketTests.get(LiveReloadScript.eventsPath))
        _ = events.readSome(timeout: 1)
        server.stop()
        #expect(idle.isClosed(within: 2))
        #expect(events.isClosed(within: 2))
        #expect(throws: (any Error).self) { try RawClient(port: server.port) }
    }
}
