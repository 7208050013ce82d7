import Foundation
import SeededRandom
import Testing

/// Twenty SIGKILLs at random moments of real `cascade build` runs of a
/// 300-photo album, each followed by a normal build: that build must give
/// exactly the output of one uninterrupted build (every file's bytes, the
/// bookkeeping files included), no temporary file, every image decodable.
///
/// Slow (a minute or more), so it runs only with CASCADE_CRASH_TESTS set
/// (`scripts/crash-tests.sh`); CASCADE_CRASH_SEED replays a run's moments.
@Suite(.serialized) struct KillTests {
    static let enabled = ProcessInfo.processInfo.environment["CASCADE_CRASH_TESTS"] != nil

    /// How a round's killed build differs from the reference build.
    enum Start: String, CaseIterable {
        /// Into an empty folder: a cold build.
        case empty
        /// Into the finished site, at another JPEG quality: every rendition
        /// is new and the next build must remove all of them again.
        case otherQuality = "other quality"
        /// Into the finished site, nothing changed: a no-change rebuild.
        case unchanged
        /// Into a new `_site` inside the album (`cd album && cascade build`): a
        /// cold build into a folder that must stay recognisably Cascade's.
        case insideAlbum = "inside the album"
    }

    @Test(.enabled(if: enabled, "set CASCADE_CRASH_TESTS=1 (scripts/crash-tests.sh) to run the kill test"))
    func twentyKillsEachFollowedByABuildGiveTheUninterruptedOutput() throws {
        let started = Date()
        let seed = ProcessInfo.processInfo.environment["CASCADE_CRASH_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("KillTests: seed \(seed) (CASCADE_CRASH_SEED=\(seed) replays these kill moments)")
        var random = SplitMix64(seed: seed)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-kill-\(UUID().uuidString)")
        defer { if ProcessInfo.processInfo.environment["CASCADE_CRASH_KEEP"] == nil { try? FileManager.default.removeItem(at: work) } }
        let album = work.appendingPathComponent("album"), reference = work.appendingPathComponent("reference")
        let output = work.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.write(count: 300, into: album)
        let albumBefore = try FolderSnapshot(album)

        // The reference, and how long each kind of build takes, stage by stage.
        let cold = try timedBuild(album, into: reference)
        let expected = try FolderSnapshot(reference)
        print("KillTests: the reference holds \(expected.entries.count) files and folders, \(expected.imageCount) images")
        try #require(expected.temporaries.isEmpty && expected.undecodableImages.isEmpty && expected.imageCount >= 300)
        _ = try timedBuild(album, into: output)
        let requality = try timedBuild(album, into: output, extra: ["--quality", "61"])
        _ = try timedBuild(album, into: output)
        let unchanged = try timedBuild(album, into: output)
        let again = try FolderSnapshot(output).differences(from: expected)
        try #require(again.isEmpty, "a second build into another folder differs from the first: \(again)")
        let timings: [Start: BuildTiming] = [.empty: cold, .otherQuality: requality, .unchanged: unchanged,
                                             .insideAlbum: cold]
        for start in Start.allCases where start != .insideAlbum {
            let timing = timings[start]!
            print("KillTests: \(start.rawValue) build \(String(format: "%.2f", timing.wall)) s: "
                  + timing.ends.map { "\($0.stage) until \(String(format: "%.2f", $0.end))" }.joined(separator: ", "))
        }

        // Each round aims at a stage, at a random moment inside it; the
        // renditions and the final writes, the longest, get more.
        let rounds: [(Start, String)] = [
            (.empty, "startup"), (.otherQuality, "scan"), (.insideAlbum, "hash"), (.otherQuality, "pages"),
            (.empty, "renditions"), (.unchanged, "scan"), (.otherQuality, "renditions"), (.insideAlbum, "pages"),
            (.empty, "write"), (.otherQuality, "hash"), (.unchanged, "pages"), (.insideAlbum, "renditions"),
            (.otherQuality, "write"), (.empty, "hash"), (.insideAlbum, "startup"), (.otherQuality, "renditions"),
            (.unchanged, "write"), (.empty, "pages"), (.insideAlbum, "write"), (.otherQuality, "write"),
        ]
        var landed: [String: Int] = [:]
        var finishedFirst = 0
        var holdingLock = 0
        let inside = album.appendingPathComponent("_site")
        for (round, (start, aim)) in rounds.enumerated() {
            let timing = timings[start]!
            let output = start == .insideAlbum ? inside : output
            let span = timing.span(of: aim) ?? 0...timing.wall
            // Short of the span's end: the stage times of one build are only
            // an estimate of the next one's, and a kill after the exit tests nothing.
            var moment = Double.random(in: span.lowerBound...(span.lowerBound + 0.85 * (span.upperBound - span.lowerBound)),
                                       using: &random)
            let extra = start == .otherQuality ? ["--quality", "61"] : []
            // On a machine shared with other work a build can run faster than
            // measured: one that ended before its kill is run again, killed earlier.
            var victim: CascadeRun
            var attempts = 0
            repeat {
                if start == .empty || start == .insideAlbum { try? FileManager.default.removeItem(at: output) }
                victim = try CascadeRun(["build", album.path, "--output", output.path, "--quiet"] + extra)
                usleep(useconds_t(moment * Double(attempts == 0 ? 1 : 0.8) * 1_000_000))
                if attempts > 0 { moment *= 0.8 }
                victim.send(SIGKILL)
                victim.wait()
                attempts += 1
            } while !victim.killedBySignal && attempts < 4
            let stage = timing.stage(at: moment)
            // Seen in the folder: a build that took the lock wrote its pid in it.
            let lock = (try? String(contentsOf: output.appendingPathComponent(".cascade-lock"), encoding: .utf8)) ?? ""
            let heldLock = Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)) == victim.pid
            if victim.killedBySignal {
                landed[stage, default: 0] += 1
                if heldLock { holdingLock += 1 }
            } else {
                finishedFirst += 1
            }
            print("KillTests: round \(round + 1): \(start.rawValue), aimed at \(aim), SIGKILL at \(String(format: "%.3f", moment)) s (\(stage))"
                  + (attempts > 1 ? " on attempt \(attempts)" : "") + (heldLock ? ", holding the lock" : ", before the lock")
                  + (victim.killedBySignal ? "" : ", but the build had ended (status \(victim.process.terminationStatus))"))

            let next = try CascadeRun.run(["build", album.path, "--output", output.path, "--quiet"])
            try #require(next.process.terminationStatus == 0, "round \(round + 1): the next build failed: \(next.stderr)")
            let result = try FolderSnapshot(output)
            let differences = result.differences(from: expected)
            try #require(differences.isEmpty, "round \(round + 1) (seed \(seed)): \(differences)")
            // And as the promise is worded: `diff -r` finds nothing.
            let diff = try Self.diff(reference, output)
            #expect(diff.isEmpty, "round \(round + 1): diff -r says: \(diff)")
            #expect(result.temporaries.isEmpty, "round \(round + 1): \(result.temporaries)")
            #expect(result.undecodableImages.isEmpty, "round \(round + 1): \(result.undecodableImages)")
            if start == .insideAlbum { try FileManager.default.removeItem(at: inside) }
        }
        #expect(try FolderSnapshot(album).differences(from: albumBefore).isEmpty, "the album changed")
        let summary = landed.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("KillTests: kills by stage: \(summary); \(holdingLock) while holding the lock; ended before the kill: \(finishedFirst); "
              + String(format: "%.0f s in all", Date().timeIntervalSince(started)))
        #expect(finishedFirst <= 2, "most kills must land inside a build")
    }

    /// What `diff -r` says about the two folders ("" when they are the same),
    /// or its exit status when it says nothing but failed.
    private static func diff(_ one: URL, _ other: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-r", one.path, other.path]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-diff-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let said = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        return process.terminationStatus == 0 ? said : said + "(diff exited \(process.terminationStatus))"
    }

    /// Builds `album` into `output` with `--verbose` and times it.
    private func timedBuild(_ album: URL, into output: URL, extra: [String] = []) throws -> BuildTiming {
        let clock = Date()
        let run = try CascadeRun.run(["build", album.path, "--output", output.path, "--verbose"] + extra)
        let wall = Date().timeIntervalSince(clock)
        try #require(run.process.terminationStatus == 0, "\(run.stderr)")
        return BuildTiming(stderr: run.stderr, wall: wall)
    }
}
