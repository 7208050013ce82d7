import Foundation
import Testing

/// `cascade build` and videos: with a `PATH` that lacks ffmpeg the
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
        #expect(warnings.first?["reason"]?.contains("3 videos left out: ffmpeg was not found on PATH") == true,
                "\(warnings)")
        // The album was not skipped, only its videos: the line names no path, and the summary counts them.
        #expect(run.stderr.contains("cascade: warning: 3 videos left out: ffmpeg was not found on PATH (install ffmpeg, "
            + "or pass --no-video to leave videos out without a warning)\n"), "\(run.stderr)")
        #expect(!run.stderr.contains("skipped '"), "\(run.stderr)")
        #expect(run.stderr.contains("cascade: built 1 photo, 3 skipped\n"), "\(run.stderr)")
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

    /// A build killed outright (SIGKILL: no handler runs) takes its ffmpeg
    /// with it. The "ffmpeg" here is a script that records its pid and sleeps,
    /// standing for a long transcode.
    @Test func aKilledBuildLeavesNoFFmpegRunning() throws {
        let album = try Self.album()
        defer { try? FileManager.default.removeItem(at: album) }
        let scratch = album.deletingLastPathComponent().appendingPathComponent(album.lastPathComponent + "-bin")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pidFile = scratch.appendingPathComponent("ffmpeg.pid")
        let fake = scratch.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 120\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let site = scratch.appendingPathComponent("site")

        let process = Process()
        process.executableURL = try Binary.url()
        process.arguments = ["build", album.path, "--output", site.path, "--quiet"]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scratch.path + ":/usr/bin:/bin"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var pid: pid_t = 0
        for _ in 0..<600 where pid == 0 {
            usleep(50_000)
            if let text = try? String(contentsOf: pidFile, encoding: .utf8), let value = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                pid = value
            }
        }
        try #require(pid > 0, "the build never started ffmpeg")
        #expect(Self.alive(pid), "ffmpeg should run while the build does")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var gone = false
        for _ in 0..<100 where !gone {
            usleep(50_000)
            gone = !Self.alive(pid)
        }
        if !gone { kill(pid, SIGKILL) }
        #expect(gone, "ffmpeg (pid \(pid)) outlived the killed build")
    }

    /// Whether `pid` is a running process (a zombie waiting for its reaper is not).
    static func alive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
