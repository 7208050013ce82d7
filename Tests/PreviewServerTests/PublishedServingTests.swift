import Foundation
import Glibc
import Testing
@testable import PreviewServer

/// Only what the last good build published is served (issue 28): nothing
/// else of the folder, whatever is on disk, and nothing at all before a
/// build has succeeded.
@Suite struct PublishedServingTests {
    static func get(_ path: String) -> String { ServerSocketTests.get(path) }

    /// A file that is in the folder but not listed: planted after the build,
    /// or a folder's `index.html` no build wrote.
    @Test func unlistedFilesAreNotFound() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        let secret = "planted \(UUID().uuidString)"
        try Data(secret.utf8).write(to: site.root.appendingPathComponent("planted.txt"))
        try Data(secret.utf8).write(to: site.root.appendingPathComponent("empty/index.html"))
        let client = try RawClient(port: server.port)
        for target in ["/planted.txt", "/empty/", "/empty", "/empty/index.html"] {
            let reply = try client.request(Self.get(target))
            #expect(reply.status == 404, "\(target)")
            #expect(!reply.text.contains(secret), "\(target)")
        }
        #expect(try client.request(Self.get("/style.css")).text == "body{}")
    }

    /// A listed file replaced by a link (to a file outside, or inside), or a
    /// listed file's folder replaced by a link: never followed, by either
    /// way of opening.
    @Test(arguments: [BeneathOpen.Method.automatic, .walk])
    func linkSwappedInForAListedFileIsNotFollowed(_ method: BeneathOpen.Method) throws {
        let site = try TestSite()
        defer { site.remove() }
        let manager = FileManager.default
        let album = site.root.appendingPathComponent("album")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        try Data("page".utf8).write(to: site.root.appendingPathComponent("page.html"))
        try Data("mine".utf8).write(to: album.appendingPathComponent("a.txt"))
        try Data("secret".utf8).write(to: site.base.appendingPathComponent("site-secret/a.txt"))
        let files = ServedFiles(root: site.root.path, reason: "none", method: method)
        try files.publish(PublishedSet(["page.html", "album/a.txt", "style.css"]))
        let server = try PreviewHTTPServer(ServerConfiguration(port: 0, liveReload: false), files: files)
        server.start()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        #expect(try client.request(Self.get("/page.html")).text == "page")
        #expect(try client.request(Self.get("/album/a.txt")).text == "mine")

        try swap(site.root.appendingPathComponent("page.html"), for: site.base.appendingPathComponent("secret.txt").path)
        try manager.removeItem(at: album)
        try manager.createSymbolicLink(atPath: album.path, withDestinationPath: site.base.appendingPathComponent("site-secret").path)
        try swap(site.root.appendingPathComponent("style.css"), for: "index.html")
        for target in ["/page.html", "/album/a.txt", "/style.css"] {
            let reply = try client.request(Self.get(target))
            #expect(reply.status == 404, "\(target)")
            #expect(!reply.text.contains("secret"), "\(target)")
            #expect(!reply.text.contains("home"), "\(target)")
        }
    }

    /// Replaces `file` by a link to `destination` in one rename, as an
    /// attacker racing the server would.
    private func swap(_ file: URL, for destination: String) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".swap-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(atPath: temporary.path, withDestinationPath: destination)
        guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.EIO) }
    }

    /// Hidden and bookkeeping files are never served, even when a list
    /// names them (the list drops them; the path check refuses them too).
    @Test func hiddenAndBookkeepingFilesAreNotFound() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server()
        defer { server.stop() }
        #expect(!server.files.paths.contains(".git/config"))
        #expect(!server.files.paths.contains(".cascade-manifest"))
        let client = try RawClient(port: server.port)
        for target in ["/.git/config", "/.cascade-manifest", "/.git/", "/%2egit/config", "/.cascade-lock"] {
            let reply = try client.request(Self.get(target))
            #expect([400, 404].contains(reply.status), "\(target)")
            #expect(!reply.text.contains("[core]"))
            #expect(!reply.text.contains("manifest"))
        }
    }

    /// Before any build has succeeded, every request gets the failure page
    /// (503, the reason escaped, the live script), never a byte of the
    /// folder; once one succeeds, its files are served.
    @Test func failedFirstBuildServesTheFailurePageUntilABuildPublishes() throws {
        let site = try TestSite()
        defer { site.remove() }
        let server = try site.server(publish: false)
        defer { server.stop() }
        #expect(server.files.recordFailure("album.json: line 1: <script>alert(1)</script> & more"))
        let client = try RawClient(port: server.port)
        for target in ["/", "/index.html", "/photo.jpg", "/style.css", "/missing"] {
            let reply = try client.request(Self.get(target))
            #expect(reply.status == 503, "\(target)")
            #expect(reply.headers["content-type"] == "text/html; charset=utf-8")
            #expect(reply.text.contains("album.json: line 1: &lt;script&gt;alert(1)&lt;/script&gt; &amp; more"))
            #expect(!reply.text.contains("<script>alert"))
            #expect(reply.text.contains(LiveReloadScript.tag))
            #expect(!reply.text.contains("home"))
            #expect(!reply.body.contains(site.jpeg[0..<64]))
        }
        #expect(try client.request(Self.get(LiveReloadScript.path)).status == 200)
        #expect(try client.request("HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n", head: true).status == 503)

        try server.files.publish(PublishedSet(TestSite.published))
        let page = try client.request(Self.get("/"))
        #expect(page.status == 200)
        #expect(page.text.contains("home"))
    }

    /// A failed rebuild keeps the last good list; a folder that cannot be
    /// opened is not published.
    @Test func failedRebuildKeepsTheLastGoodList() throws {
        let site = try TestSite()
        defer { site.remove() }
        let files = ServedFiles(root: site.root.path)
        #expect(!files.isPublished)
        try files.publish(PublishedSet(["style.css"]))
        #expect(!files.recordFailure("broken"))
        #expect(files.isPublished)
        #expect(files.paths == ["style.css"])
        let missing = ServedFiles(root: site.base.appendingPathComponent("nowhere").path)
        #expect(throws: ServerError.missingRoot(path: missing.root)) { try missing.publish(PublishedSet(["a"])) }
        #expect(!missing.isPublished)
    }

    /// How a request's path maps to a listed file. Pure.
    @Test func lookupMapsFoldersAndRedirectsOnlyToListedPages() throws {
        let set = PublishedSet(["index.html", "a/index.html", "a/b.jpg", "c.html", "/abs", "x//y", "../up", "d/./e",
                                ".hidden", "f/.git/config", "back\\slash", "nul\u{0}x", ""])
        #expect(set.paths == ["index.html", "a/index.html", "a/b.jpg", "c.html"])
        func lookup(_ target: String) throws -> PublishedSet.Lookup { set.lookup(try SafePath(target: target)) }
        #expect(try lookup("/") == .file("index.html"))
        #expect(try lookup("/a/") == .file("a/index.html"))
        #expect(try lookup("/a") == .redirect(location: "/a/"))
        #expect(try lookup("/a/b.jpg") == .file("a/b.jpg"))
        #expect(try lookup("/a/b.jpg/") == .notFound)
        #expect(try lookup("/c.html") == .file("c.html"))
        #expect(try lookup("/c.html/") == .notFound)
        #expect(try lookup("/d") == .notFound)
        #expect(try lookup("/d/") == .notFound)
        #expect(PublishedSet(["a/b.jpg"]).lookup(try SafePath(target: "/a")) == .notFound)
        #expect(PublishedSet(["a/b.jpg"]).lookup(try SafePath(target: "/")) == .notFound)
    }

    /// Both ways of opening refuse a link at any step, a folder, a FIFO and
    /// a path leaving the folder; they open a plain file.
    @Test(arguments: [BeneathOpen.Method.automatic, .walk])
    func openingBeneathTheFolder(_ method: BeneathOpen.Method) throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(mkfifo(site.root.appendingPathComponent("fifo").path, 0o600) == 0)
        let root = try ServedRoot(path: site.root.path, method: method)
        #expect(root.openFile("style.css")?.readAll() == Array("body{}".utf8))
        #expect(root.openFile("sub/index.html") != nil)
        for refused in ["inside.jpg", "leak", "leakdir/passwd", "sibling/x", "nolist/index.html", "sub", "fifo",
                        "missing", "../secret.txt", "sub/../style.css", "/etc/passwd"] {
            #expect(root.openFile(refused) == nil, "\(refused)")
        }
    }
}
