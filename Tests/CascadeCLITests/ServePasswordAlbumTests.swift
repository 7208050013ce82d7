import Foundation
import Glibc
import Testing

/// `cascade serve` with a password album, where the preview server and the
/// seal meet: the note names where the album is served, its unlock page and
/// sealed chunks are served whole, and nothing the seal holds is served in
/// the clear (its photo pages and `photos.json` are only inside the chunks),
/// while a public album's files are served as usual.
struct ServePasswordAlbumTests {
    let key = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

    @Test func servesTheUnlockPageAndChunksAndNothingSealedInTheClear() throws {
        let manager = FileManager.default
        let base = manager.temporaryDirectory.appendingPathComponent("cascade-serve-password-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: base) }
        let album = base.appendingPathComponent("album")
        let party = album.appendingPathComponent("Family/Party")
        try manager.createDirectory(at: party, withIntermediateDirectories: true)
        try manager.copyItem(at: samplePhoto("coffee.jpg"), to: album.appendingPathComponent("coffee.jpg"))
        try manager.copyItem(at: samplePhoto("coffee.jpg"), to: party.appendingPathComponent("cake.jpg"))
        try Data(#"{"private": "password", "passwordVariable": "PARTY_PASSWORD"}"#.utf8)
            .write(to: party.appendingPathComponent("album.json"))

        let serve = try ServeProcess(["serve", "--port", "0", album.path, "--output", base.appendingPathComponent("out").path],
                                     logs: base, environment: ["CASCADE_PRIVATE_KEY": key, "PARTY_PASSWORD": "zq-open-sesame"])
        defer { if serve.process.isRunning { serve.process.terminate() } }
        let prefix = "cascade: note: password album 'Family/Party' is served at /"
        let note = try #require(serve.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(serve.stderr)")
        let unlockPath = "/" + note.dropFirst(prefix.count)
        #expect(unlockPath.hasPrefix("/Family/") && unlockPath.hasSuffix("/index.html"), "\(unlockPath)")
        let folder = String(unlockPath.dropLast("index.html".count))

        let unlock = try HTTPProbe.get(unlockPath, port: serve.port)
        #expect(unlock.hasPrefix("HTTP/1.1 200 OK"), "\(unlock.prefix(200))")
        #expect(unlock.contains("unlock.js") && !unlock.contains("Party") && !unlock.contains("cake"))
        let chunk = try HTTPProbe.get(folder + "sealed-00000.bin", port: serve.port)
        #expect(chunk.hasPrefix("HTTP/1.1 200 OK") && chunk.lowercased().contains("content-length: 262172\r\n"),
                "\(chunk.prefix(300))")
        for sealed in ["photos.json", "cake.html"] {
            let reply = try HTTPProbe.get(folder + sealed, port: serve.port)
            #expect(reply.hasPrefix("HTTP/1.1 404"), "\(sealed): \(reply.prefix(200))")
        }
        #expect(try HTTPProbe.get("/Family/Party/cake.html", port: serve.port).hasPrefix("HTTP/1.1 404"))
        #expect(try HTTPProbe.get("/photos.json", port: serve.port).hasPrefix("HTTP/1.1 200 OK"))
        #expect(try HTTPProbe.get("/coffee.html", port: serve.port).hasPrefix("HTTP/1.1 200 OK"))
        #expect(!serve.stderr.contains("zq-open-sesame"))
        #expect(serve.stop(with: SIGINT) == 0)
    }
}
