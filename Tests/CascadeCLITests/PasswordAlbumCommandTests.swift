import Foundation
import Testing

/// `cascade build` with a password album: the password comes from the
/// environment variable `album.json` names; without it (and no terminal)
/// the build fails as a configuration mistake does (status 2), naming the
/// album and the variable; the password is printed nowhere.
struct PasswordAlbumCommandTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-password-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }
    var site: URL { root.appendingPathComponent("site") }
    let key = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
    let password = "zq-open-sesame"

    init() throws {
        let party = album.appendingPathComponent("Family/Party")
        try FileManager.default.createDirectory(at: party, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: party.appendingPathComponent("cake.jpg"))
        try Data(#"{"private": "password", "passwordVariable": "PARTY_PASSWORD"}"#.utf8)
            .write(to: party.appendingPathComponent("album.json"))
    }

    @Test func thePasswordComesFromTheNamedVariableAndIsPrintedNowhere() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try Binary.run(["build", album.path, "--output", site.path],
                                     environment: ["CASCADE_PRIVATE_KEY": key, "CASCADE_ALBUM_PASSWORD": password])
        #expect(missing.status == 2 && missing.stderr.contains("'Family/Party'") && missing.stderr.contains("PARTY_PASSWORD"),
                "\(missing.stderr)")
        let run = try Binary.run(["build", album.path, "--output", site.path, "--json"],
                                 environment: ["CASCADE_PRIVATE_KEY": key, "PARTY_PASSWORD": password])
        #expect(run.status == 0, "\(run.stderr)")
        // Named for what it is: its address leads to the unlock page.
        #expect(run.stderr.contains("cascade: note: password album 'Family/Party' is at "), "\(run.stderr)")
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Family").path)
            .first { $0.count == 32 })
        let files = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Family/\(folder)").path)
        #expect(files.sorted().first == "index.html" && files.sorted().last == "unlock.js", "\(files)")
        #expect(files.filter { $0.hasPrefix("sealed-") && $0.hasSuffix(".bin") }.count == files.count - 2, "\(files)")
        for text in [run.stdout, run.stderr, missing.stdout, missing.stderr] { #expect(!text.contains(password)) }
        let audit = try Binary.run(["audit", site.path])
        #expect(audit.status == 0, "\(audit.stderr)")
    }
}
