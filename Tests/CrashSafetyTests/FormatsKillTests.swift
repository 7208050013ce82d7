import Foundation
import Testing

/// `--formats` keeps the crash-safety promise: a build publishing AVIF and
/// WebP killed (SIGKILL) while it writes them leaves nothing the next build
/// stumbles on, and the next build gives, byte for byte, the site an
/// uninterrupted one gives.
@Suite struct FormatsKillTests {
    @Test func aKilledFormatsBuildIsFinishedByTheNext() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-formats-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let album = work.appendingPathComponent("album")
        let reference = work.appendingPathComponent("reference"), output = work.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.write(count: 24, into: album)
        let arguments = ["--quiet", "--jobs", "1", "--formats", "avif,webp"]
        let uninterrupted = try CascadeRun.run(["build", album.path, "--output", reference.path] + arguments)
        try #require(uninterrupted.process.terminationStatus == 0, "\(uninterrupted.stderr)")
        let expected = try FolderSnapshot(reference)
        #expect(expected.entries.keys.contains { $0.hasSuffix(".avif") } && expected.entries.keys.contains { $0.hasSuffix(".webp") })

        // Killed once some AVIF files are written and before the last is.
        let total = expected.entries.keys.filter { $0.hasSuffix(".avif") }.count
        let renditions = output.appendingPathComponent("renditions")
        let victim = try CascadeRun(["build", album.path, "--output", output.path] + arguments)
        var written = 0
        while victim.process.isRunning && written < max(1, total / 3) {
            usleep(2_000)
            written = ((try? FileManager.default.contentsOfDirectory(atPath: renditions.path)) ?? []).filter { $0.hasSuffix(".avif") }.count
        }
        victim.send(SIGKILL)
        victim.wait()
        try #require(victim.killedBySignal, "the build ended before the kill")
        let stopped = try FolderSnapshot(output)
        #expect(!stopped.differences(from: expected).isEmpty, "killed in the middle, not at the end")

        let next = try CascadeRun.run(["build", album.path, "--output", output.path] + arguments)
        try #require(next.process.terminationStatus == 0, "\(next.stderr)")
        let result = try FolderSnapshot(output)
        #expect(result.differences(from: expected).isEmpty, "\(result.differences(from: expected))")
        #expect(result.temporaries.isEmpty, "\(result.temporaries)")
        #expect(result.undecodableImages.isEmpty, "\(result.undecodableImages)")
    }
}
