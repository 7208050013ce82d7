import Foundation
import Glibc
import Testing

/// `cascade serve` end to end: the real binary on a free port, a page with
/// the live script, a rebuild on change announced to the page, a failed
/// rebuild shown while the last good site is served, and Ctrl-C.
@Suite struct ServeCommandTests {
    static let pngs = Binary.repo.appendingPathComponent("Tests/ImageHeadersTests/Fixtures/pngsuite/pngsuite")

    @Test func buildsServesReloadsAndStops() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-cli-\(UUID().uuidString)")
        let album = base.appendingPathComponent("album")
        let output = base.appendingPathComponent("out")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: base) }
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn6a08.png"), to: album.appendingPathComponent("b.png"))
        let config = album.appendingPathComponent("album.json")
        try Data(#"{"title": "First title"}"#.utf8).write(to: config)

        let serve = try ServeProcess(["serve", "--port", "0", album.path, "--output", output.path], logs: base)
        defer { if serve.process.isRunning { serve.process.terminate() } }
        func stderr() -> String { serve.stderr }
        let port = serve.port

        let home = try HTTPProbe.get("/", port: port)
        #expect(home.hasPrefix("HTTP/1.1 200 OK"))
        #expect(home.contains("First title"))
        #expect(home.contains(#"<script src="/_cascade/live.js"></script></body>"#))
        let onDisk = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!onDisk.contains("_cascade"), "the live script must never be written")

        let events = try HTTPProbe(port: port)
        events.send("GET /_cascade/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(events.wait(for: "text/event-stream", seconds: 5))
        try Data(#"{"title": "Second title"}"#.utf8).write(to: config)
        #expect(events.wait(for: "event: reload\n", seconds: 20), "stderr: \(stderr())")
        #expect(try HTTPProbe.get("/", port: port).contains("Second title"))

        try Data(#"{"title": "Broken"#.utf8).write(to: config)
        #expect(events.wait(for: "event: failure\ndata: ", seconds: 20), "stderr: \(stderr())")
        #expect(events.received.contains("album.json"))
        let stale = try HTTPProbe.get("/", port: port)
        #expect(stale.hasPrefix("HTTP/1.1 200 OK"))
        #expect(stale.contains("Second title"))
        #expect(stderr().contains("cascade: error:"))

        #expect(serve.stop(with: SIGINT) == 0)
        #expect(stderr().hasSuffix("cascade: stopped serving\n"))
    }

    /// As a user types it, in the album folder with every default: the
    /// output `_site` inside the album is left out of it and of the watch
    /// (no rebuild loop), and SIGTERM stops it cleanly too.
    @Test func defaultsInsideTheAlbumAndSIGTERM() throws {
        let manager = FileManager.default
        let album = manager.temporaryDirectory.appendingPathComponent("cascade-serve-here-\(UUID().uuidString)")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: album) }
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        // The port comes from the album's settings file, not the command line.
        try Data(#"{"serve": {"port": 0}}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
        let logs = manager.temporaryDirectory.appendingPathComponent("cascade-serve-logs-\(UUID().uuidString)")
        try manager.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: logs) }
        let serve = try ServeProcess(["serve"], in: album, logs: logs)
        defer { if serve.process.isRunning { serve.process.terminate() } }
        func stderr() -> String { serve.stderr }
        let port = serve.port
        #expect(port != 8000, "cascade.json's port 0 was not used")
        #expect(try HTTPProbe.get("/a.html", port: port).hasPrefix("HTTP/1.1 200 OK"))
        #expect(manager.fileExists(atPath: album.appendingPathComponent("_site/index.html").path))
        // Serving and the build's own writes into _site are not changes.
        usleep(800_000)
        #expect(!stderr().contains("rebuilt"), "\(stderr())")
        #expect(serve.stop(with: SIGTERM) == 0)
        #expect(stderr().hasSuffix("cascade: stopped serving\n"))
    }

    /// `--output /`, with a folder standing for it (it holds the album and an
    /// `etc/passwd`): the build refuses it, and serve answers every request
    /// with the failure page, never a byte of a file there; nothing is written.
    @Test func refusedOutputServesTheFailurePageNotTheFolder() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-root-\(UUID().uuidString)")
        let standIn = base.appendingPathComponent("root")
        let album = standIn.appendingPathComponent("home/me/album")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        try manager.createDirectory(at: standIn.appendingPathComponent("etc"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: base) }
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: standIn.appendingPathComponent("etc/passwd"))
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        let serve = try ServeProcess(["serve", album.path, "--output", standIn.path, "--port", "0"], logs: base)
        defer { if serve.process.isRunning { serve.process.terminate() } }
        for target in ["/etc/passwd", "/", "/index.html", "/home/me/album/a.png", "/home/"] {
            let reply = try HTTPProbe.get(target, port: serve.port)
            #expect(reply.hasPrefix("HTTP/1.1 503"), "\(target): \(reply.prefix(40))")
            #expect(reply.contains("could not be built"))
            #expect(!reply.contains("root:x"), "\(target)")
            #expect(!reply.contains("IHDR"), "\(target)")
        }
        #expect(serve.stderr.contains("cascade: error:"))
        #expect(try manager.contentsOfDirectory(atPath: standIn.path).sorted() == ["etc", "home"])
        #expect(serve.stop(with: SIGTERM) == 0)
    }

    /// `--output` the album's parent: refused, and the originals (with their
    /// metadata) are not served.
    @Test func albumParentAsOutputIsRefusedAndNothingServed() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-parent-\(UUID().uuidString)")
        let album = base.appendingPathComponent("album")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: base) }
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        let logs = manager.temporaryDirectory.appendingPathComponent("cascade-serve-logs-\(UUID().uuidString)")
        try manager.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: logs) }
        let serve = try ServeProcess(["serve", album.path, "--output", base.path, "--port", "0"], logs: logs)
        defer { if serve.process.isRunning { serve.process.terminate() } }
        for target in ["/album/a.png", "/album/", "/"] {
            let reply = try HTTPProbe.get(target, port: serve.port)
            #expect(reply.hasPrefix("HTTP/1.1 503"), "\(target): \(reply.prefix(40))")
            #expect(!reply.contains("IHDR"), "\(target)")
        }
        #expect(serve.stderr.contains("inside the output folder"))
        #expect(serve.stop(with: SIGTERM) == 0)
    }

    /// A first build that fails: the error page (escaped, with the live
    /// script), no output folder made; fixing the album serves the site,
    /// and the `_site` that build makes inside the album starts no rebuild.
    @Test func failedFirstBuildShowsTheErrorUntilTheAlbumIsFixed() throws {
        let manager = FileManager.default
        let album = manager.temporaryDirectory.appendingPathComponent("cascade-serve-broken-\(UUID().uuidString)")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: album) }
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        try Data(#"{"serve": {"port": 0}}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
        let config = album.appendingPathComponent("album.json")
        try Data(#"{"title": "<b>Broken"#.utf8).write(to: config)
        let logs = manager.temporaryDirectory.appendingPathComponent("cascade-serve-logs-\(UUID().uuidString)")
        try manager.createDirectory(at: logs, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: logs) }
        let serve = try ServeProcess(["serve"], in: album, logs: logs)
        defer { if serve.process.isRunning { serve.process.terminate() } }

        let failing = try HTTPProbe.get("/", port: serve.port)
        #expect(failing.hasPrefix("HTTP/1.1 503"))
        #expect(failing.contains("album.json"))
        #expect(failing.contains(#"<script src="/_cascade/live.js"></script>"#))
        #expect(!manager.fileExists(atPath: album.appendingPathComponent("_site").path), "a failed first build makes no folder")
        #expect(try HTTPProbe.get("/a.png", port: serve.port).hasPrefix("HTTP/1.1 503"))

        try Data(#"{"title": "Fixed title"}"#.utf8).write(to: config)
        let fixed = Self.poll(seconds: 30) { () -> String? in
            let reply = try? HTTPProbe.get("/", port: serve.port)
            return reply?.hasPrefix("HTTP/1.1 200") == true ? reply : nil
        }
        #expect(fixed?.contains("Fixed title") == true, "stderr: \(serve.stderr)")
        usleep(1_000_000)
        #expect(serve.stderr.components(separatedBy: "cascade: rebuilt").count == 2, "one rebuild only: \(serve.stderr)")
        #expect(serve.stop(with: SIGTERM) == 0)
    }

    /// After a good build, only what its manifest lists: a planted file, the
    /// manifest itself and a listed page swapped for a link are not served.
    @Test func onlyTheManifestsFilesAreServed() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-listed-\(UUID().uuidString)")
        let album = base.appendingPathComponent("album")
        let output = base.appendingPathComponent("out")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: base) }
        try manager.copyItem(at: Self.pngs.appendingPathComponent("basn2c08.png"), to: album.appendingPathComponent("a.png"))
        try Data("top secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        let logs = base.appendingPathComponent("logs")
        try manager.createDirectory(at: logs, withIntermediateDirectories: true)
        let serve = try ServeProcess(["serve", album.path, "--output", output.path, "--port", "0"], logs: logs)
        defer { if serve.process.isRunning { serve.process.terminate() } }
        #expect(try HTTPProbe.get("/a.html", port: serve.port).hasPrefix("HTTP/1.1 200"))

        try Data("planted".utf8).write(to: output.appendingPathComponent("planted.txt"))
        let link = output.appendingPathComponent(".link")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: base.appendingPathComponent("secret.txt").path)
        #expect(rename(link.path, output.appendingPathComponent("a.html").path) == 0)
        for target in ["/planted.txt", "/.cascade-manifest", "/.cascade-lock", "/a.html"] {
            let reply = try HTTPProbe.get(target, port: serve.port)
            #expect(reply.hasPrefix("HTTP/1.1 404"), "\(target): \(reply.prefix(40))")
            #expect(!reply.contains("planted") && !reply.contains("top secret") && !reply.contains("cascade-manifest 2"), "\(target)")
        }
        #expect(try HTTPProbe.get("/", port: serve.port).hasPrefix("HTTP/1.1 200"))
        #expect(serve.stop(with: SIGTERM) == 0)
    }

    @Test func wideHostWarnsAndBadPortIsAUsageError() throws {
        let bad = try Binary.run(["serve", "--port", "70000"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--port needs a number from 0 to 65535"))
        let help = try Binary.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--host <ADDRESS>"))
        #expect(help.stdout.contains("--strict"), "serve takes the build options")
    }

    /// Polls `body` every 50 ms until it returns a value or time runs out.
    static func poll<T>(seconds: Double, _ body: () -> T?) -> T? {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if let value = body() { return value }
            usleep(50_000)
        }
        return nil
    }
}

/// A raw HTTP client for the test: no redirects or decoding, reads what comes.
final class HTTPProbe {
    let fd: Int32
    var received = ""

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `text` has arrived or time runs out.
    func wait(for text: String, seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !received.contains(text), Date() < end {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += String(decoding: chunk[..<count], as: UTF8.self)
        }
        return received.contains(text)
    }

    /// One GET on a fresh connection that closes after it; the whole reply.
    static func get(_ path: String, port: Int) throws -> String {
        let probe = try HTTPProbe(port: port)
        probe.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        _ = probe.wait(for: "\u{0}never", seconds: 5)
        return probe.received
    }
}

/// A running `cascade serve`: its output goes to files (no pipes, see
/// `Binary`), read while it runs; the port is taken from the printed URL.
struct ServeProcess {
    let process = Process()
    let stdoutURL: URL
    let stderrURL: URL
    let port: Int

    /// `environment` is added to the test process's own.
    init(_ arguments: [String], in folder: URL? = nil, logs: URL, environment: [String: String] = [:]) throws {
        stdoutURL = logs.appendingPathComponent("stdout")
        stderrURL = logs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = try Binary.url()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        let output = stdoutURL
        let printed = ServeCommandTests.poll(seconds: 60) { () -> String? in
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n") ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
        guard let url = printed, url.hasPrefix("http://127.0.0.1:"),
              let port = Int(url.dropFirst("http://127.0.0.1:".count).dropLast()) else {
            if process.isRunning { process.terminate() }
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey:
                "no URL printed: '\(printed ?? "")'; stderr: \((try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "")"])
        }
        self.port = port
    }

    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Sends `signal` and waits for the exit; the status, or nil if it did not stop within 10 s.
    func stop(with signal: Int32) -> Int32? {
        kill(process.processIdentifier, signal)
        let process = self.process
        guard ServeCommandTests.poll(seconds: 10, { process.isRunning ? nil : true }) == true else { return nil }
        return process.terminationStatus
    }
}
