import Foundation
@testable import PreviewServer

/// A served folder with the traps the security notes list beside it: a
/// sibling sharing its name's prefix, links pointing outside, hidden files.
struct TestSite {
    let base: URL
    let root: URL
    let jpeg: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
    static let page = "<!DOCTYPE html><html><head><title>Home</title></head><body><p>home</p></body></html>\n"

    init() throws {
        let manager = FileManager.default
        base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-\(UUID().uuidString)")
        root = base.appendingPathComponent("site")
        for folder in ["site/sub", "site/nolist", "site/empty", "site/.git", "site-secret"] {
            try manager.createDirectory(at: base.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(Self.page.utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("<html><body>sub</body></html>".utf8).write(to: root.appendingPathComponent("sub/index.html"))
        try Data("body{}".utf8).write(to: root.appendingPathComponent("style.css"))
        try Data(jpeg).write(to: root.appendingPathComponent("photo.jpg"))
        try Data("[core]".utf8).write(to: root.appendingPathComponent(".git/config"))
        try Data("manifest".utf8).write(to: root.appendingPathComponent(".cascade-manifest"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("site-secret/x"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leak").path, withDestinationPath: "/etc/passwd")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("leakdir").path, withDestinationPath: "/etc")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("sibling").path,
                                       withDestinationPath: base.appendingPathComponent("site-secret").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("inside.jpg").path, withDestinationPath: "photo.jpg")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("nolist/index.html").path, withDestinationPath: "/etc/passwd")
    }

    func remove() { try? FileManager.default.removeItem(at: base) }

    /// What the tests publish: the real files, and every trap beside them,
    /// listed as if a manifest named them (none of the traps may be served).
    static let published = ["index.html", "sub/index.html", "style.css", "photo.jpg",
                            "inside.jpg", "leak", "leakdir/passwd", "sibling/x", "nolist/index.html",
                            ".git/config", ".cascade-manifest"]

    /// A started server on a free port with short deadlines, serving
    /// ``published`` (or nothing yet, when `publish` is false).
    func server(liveReload: Bool = true, publish: Bool = true, method: BeneathOpen.Method = .automatic,
                configure: (inout RequestLimits) -> Void = { _ in }) throws -> PreviewHTTPServer {
        var limits = RequestLimits()
        limits.headerTimeout = 1
        limits.idleTimeout = 1
        configure(&limits)
        let files = ServedFiles(root: root.path, reason: "No build has finished yet.", method: method)
        if publish { try files.publish(PublishedSet(Self.published)) }
        let server = try PreviewHTTPServer(ServerConfiguration(port: 0, liveReload: liveReload, limits: limits), files: files)
        server.start()
        return server
    }
}
