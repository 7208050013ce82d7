import Testing
@testable import PreviewServer

/// Ranges, conditionals, HEAD: response planning without sockets.
@Suite struct ResponsePlanTests {
    static let resource = Resource(size: 1000, modified: 1_700_000_000, etag: "\"abc\"", contentType: "image/jpeg")

    static func request(_ headers: [(String, String)] = [], method: String = "GET") -> RequestHead {
        RequestHead(method: method, target: "/a.jpg", minorVersion: 1, headers: [("Host", "localhost")] + headers.map { (name: $0.0, value: $0.1) })
    }

    @Test func wholeFile() {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request())
        #expect(plan.status == .ok)
        #expect(plan.body == 0..<1000)
        #expect(plan.header("Content-Length") == "1000")
        #expect(plan.header("Content-Type") == "image/jpeg")
        #expect(plan.header("ETag") == "\"abc\"")
        #expect(plan.header("Last-Modified") == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(plan.header("Accept-Ranges") == "bytes")
    }

    @Test func headSendsHeadersOnly() {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request(method: "HEAD"))
        #expect(plan.status == .ok)
        #expect(plan.body == nil)
        #expect(plan.header("Content-Length") == "1000")
    }

    @Test(arguments: ["\"abc\"", "W/\"abc\"", "\"x\", \"abc\"", "*"])
    func ifNoneMatch(_ tag: String) {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request([("If-None-Match", tag)]))
        #expect(plan.status == .notModified)
        #expect(plan.body == nil)
        #expect(plan.header("ETag") == "\"abc\"")
    }

    @Test func ifNoneMatchWinsOverIfModifiedSince() {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request([
            ("If-None-Match", "\"other\""), ("If-Modified-Since", "Tue, 14 Nov 2023 22:13:20 GMT")]))
        #expect(plan.status == .ok)
    }

    @Test(arguments: [("Tue, 14 Nov 2023 22:13:20 GMT", 304), ("Wed, 15 Nov 2023 00:00:00 GMT", 304),
                      ("Tue, 14 Nov 2023 22:13:19 GMT", 200), ("yesterday", 200)])
    func ifModifiedSince(_ date: String, _ status: Int) {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request([("If-Modified-Since", date)]))
        #expect(plan.status.rawValue == status)
    }

    struct RangeCase: Sendable, CustomTestStringConvertible {
        var header: String
        var status: Int
        var body: Range<Int>?
        var contentRange: String?
        var testDescription: String { header.count > 60 ? String(header.prefix(60)) + "…" : header }
    }

    /// SV-9 and the usual forms; none may trap.
    static let ranges: [RangeCase] = [
        RangeCase(header: "bytes=0-99", status: 206, body: 0..<100, contentRange: "bytes 0-99/1000"),
        RangeCase(header: "bytes=900-", status: 206, body: 900..<1000, contentRange: "bytes 900-999/1000"),
        RangeCase(header: "bytes=-100", status: 206, body: 900..<1000, contentRange: "bytes 900-999/1000"),
        RangeCase(header: "bytes=-5000", status: 206, body: 0..<1000, contentRange: "bytes 0-999/1000"),
        RangeCase(header: "bytes=990-5000", status: 206, body: 990..<1000, contentRange: "bytes 990-999/1000"),
        RangeCase(header: "bytes=0-99999999999999999999", status: 206, body: 0..<1000, contentRange: "bytes 0-999/1000"),
        RangeCase(header: "bytes=999-999", status: 206, body: 999..<1000, contentRange: "bytes 999-999/1000"),
        RangeCase(header: "bytes=-0", status: 416, body: nil, contentRange: "bytes */1000"),
        RangeCase(header: "bytes=1000-", status: 416, body: nil, contentRange: "bytes */1000"),
        RangeCase(header: "bytes=99999999999999999999-", status: 416, body: nil, contentRange: "bytes */1000"),
        RangeCase(header: "bytes=5-1", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=0-1,5-9", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=" + Array(repeating: "0-", count: 1000).joined(separator: ","), status: 200,
                  body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=a-b", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=-", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=--1", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=+1-2", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "items=0-1", status: 200, body: 0..<1000, contentRange: nil),
        RangeCase(header: "bytes=", status: 200, body: 0..<1000, contentRange: nil),
    ]

    @Test(arguments: ranges)
    func range(_ c: RangeCase) {
        let plan = ResponsePlan.forFile(Self.resource, request: Self.request([("Range", c.header)]))
        #expect(plan.status.rawValue == c.status)
        #expect(plan.body == c.body)
        #expect(plan.header("Content-Range") == c.contentRange)
        #expect(plan.header("Content-Length") == String(c.body?.count ?? 0))
    }

    @Test func rangeOfAnEmptyFileIsUnsatisfiable() {
        let empty = Resource(size: 0, modified: 0, etag: "\"e\"", contentType: "text/plain")
        for header in ["bytes=0-", "bytes=-1", "bytes=0-0"] {
            let plan = ResponsePlan.forFile(empty, request: Self.request([("Range", header)]))
            #expect(plan.status == .rangeNotSatisfiable)
            #expect(plan.header("Content-Range") == "bytes */0")
        }
    }

    @Test func ifRangeThatNoLongerMatchesSendsTheWholeFile() {
        let stale = ResponsePlan.forFile(Self.resource, request: Self.request([("Range", "bytes=0-1"), ("If-Range", "\"old\"")]))
        #expect(stale.status == .ok)
        let fresh = ResponsePlan.forFile(Self.resource, request: Self.request([("Range", "bytes=0-1"), ("If-Range", "\"abc\"")]))
        #expect(fresh.status == .partialContent)
    }

    @Test func httpDatesRoundTrip() {
        for seconds in [0, 784_111_777, 1_700_000_000, 4_102_444_800] {
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("style.css", "text/css; charset=utf-8"),
        ("viewer.js", "text/javascript; charset=utf-8"), ("a.JPG", "image/jpeg"), ("a.jpeg", "image/jpeg"),
        ("a.png", "image/png"), ("a.webp", "image/webp"), ("a.avif", "image/avif"), ("a.gif", "image/gif"),
        ("a.svg", "image/svg+xml"), ("favicon.ico", "image/x-icon"), ("a.json", "application/json"),
        ("feed.xml", "application/xml"), ("feed.atom", "application/atom+xml"), ("LICENSES.txt", "text/plain; charset=utf-8"),
        ("v.mp4", "video/mp4"), ("v.webm", "video/webm"), ("v.MOV", "video/quicktime"), ("v.m4v", "video/mp4"),
        ("a.heic", "image/heic"), ("a.jxl", "image/jxl"), ("a.tiff", "image/tiff"),
        ("noextension", "application/octet-stream"), ("a.unknown", "application/octet-stream"),
    ])
    func mediaTypes(_ name: String, _ type: String) {
        #expect(MediaType.of(fileName: name) == type)
    }

    @Test func liveScriptGoesBeforeTheLastBodyEnd() {
        let page = Array("<html><body><p>&lt;/body&gt;</p></BODY></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: page), as: UTF8.self)
        #expect(injected == "<html><body><p>&lt;/body&gt;</p>\(LiveReloadScript.tag)</BODY></html>")
        #expect(String(decoding: LiveReloadScript.inject(into: Array("<p>x".utf8)), as: UTF8.self) == "<p>x" + LiveReloadScript.tag)
    }

    @Test func eventsCarryMultiLineDataSafely() {
        let bytes = ServerSentEvent.format(event: "failure", data: "line 1\r\nline 2\nline 3\rend")
        #expect(String(decoding: bytes, as: UTF8.self)
            == "event: failure\ndata: line 1\ndata: line 2\ndata: line 3\ndata: end\n\n")
    }
}
