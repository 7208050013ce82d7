import Foundation
import Testing

/// `cascade build` with an unlisted album: its URL is noted once on standard
/// error (not under `--quiet`) and given in `--json`; the key, from the
/// environment, is printed nowhere; without one the build fails as a
/// configuration mistake does (status 2) and says how to make a key.
struct UnlistedAlbumCommandTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-unlisted-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }
    let key = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

    init() throws {
        let party = album.appendingPathComponent("Family/Party")
        try FileManager.default.createDirectory(at: party, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: party.appendingPathComponent("cake.jpg"))
        try Data(#"{"private": "unlisted"}"#.utf8).write(to: party.appendingPathComponent("album.json"))
    }

    @Test func theURLIsNotedOnceAndInTheJSONAndTheKeyNowhere() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try Binary.run(["build", album.path, "--output", site.path], environment: ["CASCADE_PRIVATE_KEY": ""])
        #expect(missing.status == 2 && missing.stderr.contains("'Family/Party'") && missing.stderr.contains("openssl rand -hex 32"),
                "\(missing.stderr)")
        let environment = ["CASCADE_PRIVATE_KEY": key]
        let run = try Binary.run(["build", album.path, "--output", site.path], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        let notes = run.stderr.split(separator: "\n").filter { $0.contains("unlisted album 'Family/Party' is at ") }
        #expect(notes.count == 1, "\(run.stderr)")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Family").path)
            .first { $0.count == 32 })
        #expect(notes.first?.contains(site.path + "/Family/\(folder)/index.html") == true, "\(run.stderr)")
        let quiet = try Binary.run(["build", album.path, "--output", site.path, "--quiet", "--json"], environment: environment)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.contains(#""unlisted":[{"album":"Family/Party","path":"Family/\#(folder)/index.html"}]"#),
                "\(quiet.stdout)")
        for text in [run.stdout, run.stderr, quiet.stdout, missing.stderr] { #expect(!text.contains(key)) }
    }
}
