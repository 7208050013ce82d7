import Foundation
import Testing

/// SIGINT and SIGTERM stop a build cleanly: the photos in flight finish, no
/// temporary file stays, the lock is released, one line on standard error,
/// status 128 + the signal; the next build gives the uninterrupted output.
@Suite struct SignalTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalStopsTheBuildCleanlyAndTheNextBuildCarriesOn(_ number: Int32) throws {
        let shared = try #require(SharedAlbum.shared, "the shared album could not be built")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let build = try shared.startBuild(into: output, afterRenditions: 20)
        try #require(build.process.isRunning, "the build ended before the signal: \(build.stderr)")
        build.send(number)
        let status = build.wait()
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(!build.killedBySignal)
        #expect(status == 128 + number)
        let lines = build.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(build.stderr)")
        #expect(lines.first?.hasPrefix("cascade: stopped by \(name);") == true, "\(build.stderr)")
        #expect(lines.first?.hasSuffix("the next build carries on") == true, "\(build.stderr)")
        let stopped = try FolderSnapshot(output)
        #expect(stopped.temporaries.isEmpty, "\(stopped.temporaries)")
        #expect(stopped.undecodableImages.isEmpty, "\(stopped.undecodableImages)")
        // Stopped in the middle: not the finished site yet.
        #expect(!stopped.differences(from: shared.reference).isEmpty)

        // The lock is free (a build holding it would make this one fail as busy).
        let next = try shared.build(into: output)
        #expect(next.process.terminationStatus == 0, "\(next.stderr)")
        #expect(try shared.differences(in: output).isEmpty)
        #expect(try FolderSnapshot(shared.album) == shared.albumSnapshot)
    }

    /// A second signal does not wait for the photos being made: two large
    /// photos on two jobs (every thread of a two-core pool) take seconds.
    @Test func aSecondSignalStopsAtOnce() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-signal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let album = work.appendingPathComponent("album"), output = work.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.writeLarge(width: 3000, height: 2000, to: album.appendingPathComponent("large.jpg"))
        try GeneratedAlbum.writeLarge(width: 2000, height: 3000, to: album.appendingPathComponent("tall.jpg"))
        let build = try CascadeRun(["build", album.path, "--output", output.path, "--quiet", "--jobs", "2"])
        // The renditions are recorded as Cascade's just before they are made.
        let manifest = output.appendingPathComponent(".cascade-manifest")
        while build.process.isRunning,
              !((try? String(contentsOf: manifest, encoding: .utf8))?.contains("renditions/") ?? false) {
            usleep(2_000)
        }
        // A moment for both photos to be taken up: a signal between the record
        // and the start of the work stops the build before any photo is begun,
        // with nothing in flight for a second signal to cut short (CI saw it on
        // a loaded machine). Each photo takes seconds, so both are still running.
        usleep(200_000)
        try #require(build.process.isRunning, "the build ended before the signal: \(build.stderr)")
        let clock = Date()
        build.send(SIGINT)
        usleep(50_000)
        build.send(SIGINT)
        let status = build.wait()
        let seconds = Date().timeIntervalSince(clock)
        #expect(status == 130)
        #expect(build.stderr.contains("cascade: stopped at once by a second SIGINT"), "\(build.stderr)")
        // The photos in flight take seconds each: well under that is "at once".
        #expect(seconds < 1.5, "took \(seconds) s after the second signal")

        let next = try CascadeRun.run(["build", album.path, "--output", output.path, "--quiet"])
        #expect(next.process.terminationStatus == 0, "\(next.stderr)")
        #expect(try FolderSnapshot(output).temporaries.isEmpty)
    }
}
