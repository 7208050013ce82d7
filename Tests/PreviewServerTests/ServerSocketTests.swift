import Foundation
import Testing
@testable import PreviewServer

/// The server over real sockets on a free port.
@Suite struct ServerSocketTests {
    static func get(_ path: String, _ headers: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n"
    }

    @Test func servesFilesWithTypeLengthAndConditionals() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let photo = try client.request(Self.get("/photo.jpg"))
        #expect(photo.status == 200)
        #expect(photo.headers["content-type"] == "image/jpeg")
        #expect(photo.headers["content-length"] == "300000")
        #expect(photo.headers["x-content-type-options"] == "nosniff")
        #expect(photo.body == site.jpeg)
        let tag = try #require(photo.headers["etag"])
        let again = try client.request(Self.get("/photo.jpg", "If-None-Match: \(tag)\r\n"))
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let since = try client.request(Self.get("/photo.jpg", "If-Modified-Since: \(photo.headers["last-modified"]!)\r\n"))
        #expect(since.status == 304)
        let css = try client.request(Self.get("/style.css"))
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        #expect(css.text == "body{}")
        #expect(css.headers["connection"] == "keep-alive")
    }

    @Test func rangesOverTheWire() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let part = try client.request(Self.get("/photo.jpg", "Range: bytes=100-199\r\n"))
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 100-199/300000")
        #expect(part.body == Array(site.jpeg[100..<200]))
        let tail = try client.request(Self.get("/photo.jpg", "Range: bytes=-10\r\n"))
        #expect(tail.body == Array(site.jpeg.suffix(10)))
        let beyond = try client.request(Self.get("/photo.jpg", "Range: bytes=300000-\r\n"))
        #expect(beyond.status == 416)
        #expect(beyond.headers["content-range"] == "bytes */300000")
        let many = try client.request(Self.get("/photo.jpg", "Range: bytes=" + Array(repeating: "0-", count: 1000).joined(separator: ",") + "\r\n"))
        #expect(many.status == 200)
        #expect(many.body.count == 300_000)
    }

    @Test func foldersRedirectsListingsAndMethods() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let redirect = try client.request(Self.get("/sub"))
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/sub/")
        let folder = try client.request(Self.get("/sub/"))
        #expect(folder.status == 200)
        #expect(folder.text.hasPrefix("<html><body>sub"))
        #expect(try client.request(Self.get("/empty/")).status == 404)
        #expect(try client.request(Self.get("/missing.jpg")).status == 404)
        #expect(try client.request(Self.get("/photo.jpg/")).status == 404)
        let post = try client.request("POST /index.html HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        for method in ["PUT", "DELETE", "OPTIONS"] {
            #expect(try client.request("\(method) / HTTP/1.1\r\nHost: localhost\r\n\r\n").status == 405)
        }
        let head = try client.request("HEAD /photo.jpg HTTP/1.1\r\nHost: localhost\r\n\r\n", head: true)
        #expect(head.status == 200)
        #expect(head.headers["content-length"] == "300000")
        // Nothing of a body followed the HEAD: the next response parses.
        #expect(try client.request(Self.get("/style.css")).text == "body{}")
    }

    /// Every payload of security notes §6 as raw bytes, plus links pointing out.
    @Test(arguments: SafePathTests.refused.map(\.target) + [
        "/%252e%252e%252fetc%252fpasswd", "/leak", "/leakdir/passwd", "/sibling/x", "/nolist/", "/../site-secret/x",
    ])
    func nothingOutsideTheRoot(_ target: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let reply = try client.request("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect([400, 403, 404].contains(reply.status), "\(reply.status)")
        #expect(!reply.text.contains("root:"))
        #expect(!reply.text.contains("secret"))
        #expect(!reply.text.contains("[core]"))
        #expect(!reply.text.contains(site.base.path))
    }

    /// No link is followed, even one listed and pointing inside the folder
    /// (a build never writes one).
    @Test(arguments: [BeneathOpen.Method.automatic, .walk])
    func linksAreNeverFollowed(_ method: BeneathOpen.Method) throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server(method: method)
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.request(Self.get("/photo.jpg")).body == site.jpeg)
        #expect(try client.request(Self.get("/inside.jpg")).status == 404)
    }

    @Test func foreignHostIsRefused() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.request("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n").status == 403)
        #expect(try RawClient(port: server.port).request("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n").status == 200)
    }

    @Test func liveScriptInServedPagesOnly() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let page = try client.request(Self.get("/"))
        #expect(page.text == Self.injected(TestSite.page))
        #expect(page.headers["content-length"] == String(page.body.count))
        #expect(try String(contentsOf: site.root.appendingPathComponent("index.html"), encoding: .utf8) == TestSite.page)
        let script = try client.request(Self.get(LiveReloadScript.path))
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(script.text.contains("EventSource"))
        let plain = try site.server(liveReload: false)
        defer { plain.stop() }
        #expect(try RawClient(port: plain.port).request(Self.get("/")).text == TestSite.page)
        #expect(try RawClient(port: plain.port).request(Self.get(LiveReloadScript.path)).status == 404)
    }

    static func injected(_ page: String) -> String {
        page.replacingOccurrences(of: "</body>", with: LiveReloadScript.tag + "</body>")
    }

    @Test func eventStreamCarriesReloadsAndFailures() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        client.send(Self.get(LiveReloadScript.eventsPath))
        var received = ""
        func waitFor(_ text: String) -> Bool {
            let end = Date().addingTimeInterval(3)
            while !received.contains(text), Date() < end {
                if let bytes = client.readSome(timeout: 0.2) { received += String(decoding: bytes, as: UTF8.self) }
            }
            return received.contains(text)
        }
        #expect(waitFor("text/event-stream"))
        let end = Date().addingTimeInterval(2)
        while server.hub.clientCount == 0, Date() < end { usleep(10_000) }
        server.hub.buildFailed("album.json: line 2, column 3: <b>bad</b>\nsecond line")
        #expect(waitFor("event: failure\ndata: album.json: line 2, column 3: <b>bad</b>\ndata: second line\n\n"))
        server.hub.buildSucceeded()
        #expect(waitFor("event: reload\n"))
        // A page that connects while the build is failing hears it at once.
        server.hub.buildFailed("broken")
        let late = try RawClient(port: server.port)
        late.send(Self.get(LiveReloadScript.eventsPath))
        var lateText = ""
        let lateEnd = Date().addingTimeInterval(3)
        while !lateText.contains("data: broken"), Date() < lateEnd {
            if let bytes = late.readSome(timeout: 0.2) { lateText += String(decoding: bytes, as: UTF8.self) }
        }
        #expect(lateText.contains("event: failure\ndata: broken"))
    }
}
