import Foundation
import Testing

/// `cascade build` and videos (issue 12): with a `PATH` that lacks ffmpeg the
/// videos are left out with one warning saying why; `--no-video` leaves them
/// out silently and contradicts `--video`.
@Suite struct VideoCommandTests {
    static func album() throws -> URL {
        let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-video-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        let clips = Binary.repo.appendingPathComponent("Tests/ImageHeadersTests/Fixtures/video")
        for name in ["portrait.mp4", "vp9-opus.webm", "iphone-hevc.mov"] {
            try FileManager.default.copyItem(at: clips.appendingPathComponent(name), to: album.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
        return album
    }

    @Test func withoutFFmpegOnPathOneWarningNamesTheCount() throws {
        let album = try Self.album()
        defer { try? FileManager.default.removeItem(at: album) }
        let site = album.deletingLastPathComponent().appendingPathComponent(album.lastPathComponent + "-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let run = try Binary.run(["build", album.path, "--output", site.path, "--json"],
                                 environment: ["PATH": "/nonexistent"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let warnings = try #require(summary["warnings"] as? [[String: String]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["reason"]?.contains("3 videos left out: publishing videos needs ffmpeg on PATH") == true,
                "\(warnings)")
        #expect(summary["videos"] as? [String: Int] == ["published": 0, "skipped": 3])
        #expect(summary["photos"] as? Int == 1)
    }

    @Test func noVideoIsQuietAndContradictsVideo() throws {
        let album = try Self.album()
        defer { try? FileManager.default.removeItem(at: album) }
        let site = album.deletingLastPathComponent().appendingPathComponent(album.lastPathComponent + "-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let run = try Binary.run(["build", album.path, "--output", site.path, "--no-video", "--strict", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((summary["warnings"] as? [Any])?.isEmpty == true)
        #expect(summary["videos"] as? [String: Int] == ["published": 0, "skipped": 3])
        let both = try Binary.run(["build", album.path, "--output", site.path, "--video", "--no-video"])
        #expect(both.status == 2 && both.stderr.contains("--video and --no-video contradict each other"))
    }
}
