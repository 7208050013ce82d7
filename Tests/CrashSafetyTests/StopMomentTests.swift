import Foundation
import SeededRandom
import Testing

/// SIGINT and SIGTERM at random moments of real builds (not only in the
/// renditions, as ``SignalTests``): each stops with status 128 + the signal
/// and one line, or the build had finished (0); either way no temporary file
/// is left and the next build gives the uninterrupted output.
@Suite(.serialized) struct StopMomentTests {
    @Test(.enabled(if: KillTests.enabled, "set CASCADE_CRASH_TESTS=1 (scripts/crash-tests.sh) to run it"))
    func signalsAtRandomMomentsStopCleanlyAndTheNextBuildCarriesOn() throws {
        let shared = try #require(SharedAlbum.shared, "the shared album could not be built")
        let seed = ProcessInfo.processInfo.environment["CASCADE_CRASH_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("StopMomentTests: seed \(seed)")
        var random = SplitMix64(seed: seed)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-stops-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let clock = Date()
        _ = try shared.build(into: output)
        let wall = Date().timeIntervalSince(clock)
        var stopped = 0
        for round in 0..<8 {
            // Every other round from empty, the others at another quality into the finished site.
            if round % 2 == 0 { try? FileManager.default.removeItem(at: output) }
            let number = round % 3 == 2 ? SIGTERM : SIGINT
            // From 0.15 s: before its handlers are installed (the first
            // milliseconds) a signal has its default effect, as for any program.
            let moment = Double.random(in: 0.15...(0.9 * wall), using: &random)
            let build = try CascadeRun(["build", shared.album.path, "--output", output.path, "--quiet"]
                + (round % 2 == 0 ? [] : ["--quality", "61"]))
            usleep(useconds_t(moment * 1_000_000))
            build.send(number)
            let status = build.wait()
            #expect(!build.killedBySignal, "round \(round + 1): the signal killed the build")
            #expect(status == 0 || status == 128 + number, "round \(round + 1): status \(status): \(build.stderr)")
            if status == 128 + number {
                stopped += 1
                #expect(build.stderr.split(separator: "\n").count == 1, "round \(round + 1): \(build.stderr)")
            }
            print("StopMomentTests: round \(round + 1): signal \(number) at \(String(format: "%.3f", moment)) s, status \(status)")
            #expect(try FolderSnapshot(output).temporaries.isEmpty, "round \(round + 1)")
            let next = try shared.build(into: output)
            try #require(next.process.terminationStatus == 0, "round \(round + 1): \(next.stderr)")
            let differences = try shared.differences(in: output)
            try #require(differences.isEmpty, "round \(round + 1) (seed \(seed)): \(differences)")
        }
        #expect(stopped >= 4, "most signals must land inside a build")
    }
}
