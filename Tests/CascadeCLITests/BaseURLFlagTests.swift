import Foundation
import Testing

/// `--base-url` and `cascade.json`'s `baseURL`: an absolute http(s) URL, or a usage error.
struct BaseURLFlagTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-base-url-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("dogs.jpg"), to: album.appendingPathComponent("dogs.jpg"))
    }

    @Test(arguments: ["example.com", "ftp://example.com/", "https://", "/photos/", "https://example.com/?q=1",
                      "https://example.com/#top", "https://exa mple.com/", "javascript:alert(1)"])
    func aBadURLIsAOneLineUsageError(_ value: String) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "-o", site.path, "--base-url", value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("--base-url needs an absolute http:// or https:// URL"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func aBadValueInTheSettingsFileIsNamedAtItsLineAndColumn() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("{\n  \"output\": \"../site\",\n  \"baseURL\": \"example.com\"\n}\n".utf8)
            .write(to: album.appendingPathComponent("cascade.json"))
        let run = try Binary.run(["build", album.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cascade.json':3:3: \"baseURL\" must be an absolute http:// or https:// URL"),
                "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    @Test func theFlagIsNormalisedAndUsed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "-o", site.path, "--base-url", "HTTPS://Photos.Example.com/trip"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains(#"<link rel="canonical" href="https://photos.example.com/trip/index.html" />"#), "\(page)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("sitemap.xml").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("feed.xml").path))
    }

    @Test func theFileSetsItAndTheFlagWins() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"baseURL": "https://file.example/"}"#.utf8).write(to: album.appendingPathComponent("cascade.json"))
        let fromFile = try Binary.run(["build", album.path, "-o", site.path])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("https://file.example/index.html"), "\(page)")
        let flag = try Binary.run(["build", album.path, "-o", site.path, "--base-url", "https://flag.example/x/"])
        #expect(flag.status == 0, "\(flag.stderr)")
        let again = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(again.contains("https://flag.example/x/index.html") && !again.contains("file.example"), "\(again)")
    }
}
