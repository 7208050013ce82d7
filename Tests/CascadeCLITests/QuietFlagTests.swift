import Foundation
import Testing

/// `--quiet` prints nothing but errors: a build that succeeds says
/// nothing on either stream, not even the page's path, whether the album is
/// clean or has a file to skip; under `--strict` the skipped files are what
/// fails the build, so they are named; `--json` still prints its object.
struct QuietFlagTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-quiet-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
    }

    /// How quiet is asked for: the short flag, the long one, the settings file.
    @Test(arguments: [["-q"], ["--quiet"], []])
    func aQuietBuildPrintsNothing(_ flags: [String]) throws {
        defer { try? FileManager.default.removeItem(at: root) }
        if flags.isEmpty { try Data(#"{"quiet": true}"#.utf8).write(to: album.appendingPathComponent("cascade.json")) }
        // Twice: the first build makes the renditions, the second reuses them.
        for _ in 0..<2 {
            let run = try Binary.run(["build", album.path, "--output", site.path] + flags)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.isEmpty, "\(run.stdout)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }

    @Test func aSkippedFileIsAWarningSoQuietKeepsItBack() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not an image".utf8).write(to: album.appendingPathComponent("broken.jpg"))
        let run = try Binary.run(["build", album.path, "--output", site.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty && run.stderr.isEmpty, "\(run.stdout)\(run.stderr)")
    }

    /// Under `--strict` a skipped file fails the build: that is an error, and
    /// the failure names it (the closing line only counts).
    @Test func underStrictTheFilesThatFailTheBuildAreNamed() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not an image".utf8).write(to: album.appendingPathComponent("broken.jpg"))
        let run = try Binary.run(["build", album.path, "--output", site.path, "-q", "--strict"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("cascade: error: skipped '") == true && lines.first?.contains("broken.jpg") == true,
                "\(run.stderr)")
        #expect(lines.last?.contains("1 file was skipped and --strict is set") == true, "\(run.stderr)")
    }

    @Test func jsonStillPrintsItsObject() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "--output", site.path, "-q", "--json"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(summary?["photos"] as? Int == 1, "\(run.stdout)")
    }
}
