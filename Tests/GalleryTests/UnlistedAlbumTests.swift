import Foundation
import Testing
@testable import Gallery

/// `"private": "unlisted"`: the album is built into a folder named from the
/// private key and its path, and nothing outside its own pages leads to it.
@Suite("Unlisted albums")
struct UnlistedAlbumTests {
    static let key = PrivateKey("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")!
    static let otherKey = PrivateKey("ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100")!
    static let keyText = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

    /// Texts of the unlisted album that no public file may hold.
    static let secrets = ["Zq Secret Party", "Birthday", "zq-candles caption", "zqparty", "zqcake", "zqhidden", "Zqhid",
                          "zqsecretword"]

    /// root: `home.png`; `Family` (2 photos) with the unlisted `Birthday`
    /// (2 photos, a title, captions, keywords) and its `Cake` (1); `Trip`
    /// without photos of its own, its unlisted `Zqhid` sorting before its public `Zzopen`.
    static func library(in folder: TemporaryFolder, unlisted: Bool = true, trip: Bool = true) throws -> URL {
        let album = folder.file("album")
        let files: [(String, Int)] = [
            ("home.png", 1), ("Family/f1.png", 2), ("Family/f2.png", 3), ("Family/Birthday/zqparty1.png", 4),
            ("Family/Birthday/zqparty2.png", 5), ("Family/Birthday/Cake/zqcake.png", 6), ("Trip/Zqhid/zqhidden.png", 7),
            ("Trip/Zzopen/open.png", 8),
        ]
        for (path, seed) in files where trip || !path.hasPrefix("Trip/") {
            let url = album.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AlbumPatchTests.png(seed).write(to: url)
        }
        try Data(#"{"keywordAlbums": true, "photos": {"home.png": {"keywords": ["shared"]}}}"#.utf8)
            .write(to: album.appendingPathComponent("album.json"))
        try setUnlisted(album, unlisted)
        if trip { try Data(#"{"private": "unlisted"}"#.utf8).write(to: album.appendingPathComponent("Trip/Zqhid/album.json")) }
        return album
    }

    /// Writes `Family/Birthday/album.json`, with `"private": "unlisted"` or without.
    static func setUnlisted(_ album: URL, _ unlisted: Bool) throws {
        let privacy = unlisted ? #""private": "unlisted", "# : ""
        try Data(("{" + privacy + #""title": "Zq Secret Party", "photos": {"zqparty1.png": {"caption": "zq-candles caption", "#
                  + #""keywords": ["zqsecretword", "shared"]}}}"#).utf8)
            .write(to: album.appendingPathComponent("Family/Birthday/album.json"))
    }

    static func options(_ album: URL, _ output: URL, key: PrivateKey? = key, baseURL: String? = nil,
                        zip: AlbumZip = .off) -> BuildOptions {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.privateKey = key
        options.zip = zip
        options.baseURL = baseURL.flatMap(BaseURL.init)
        return options
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test("The folder name is 32 hex digits of the key and the path: the same every time, another with another key")
    func folderNames() {
        let name = Self.key.folderName(for: ["Family", "Birthday"])
        #expect(name.count == 32 && name.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(name == Self.key.folderName(for: ["Family", "Birthday"]))
        #expect(name != Self.otherKey.folderName(for: ["Family", "Birthday"]))
        #expect(name != Self.key.folderName(for: ["Family", "Party"]))
        #expect(Self.key.fingerprint != Self.otherKey.fingerprint && !Self.key.fingerprint.contains(Self.keyText))
    }

    @Test("A key is at least 32 hex digits", arguments: [
        ("00112233445566778899aabbccddeeff", true), (" 00112233445566778899AABBCCDDEEFF\n", true),
        ("00112233445566778899aabbccddee", false), ("00112233445566778899aabbccddeefg", false),
        ("00112233445566778899aabbccddeeff0", false), ("correct horse battery staple and more words", false),
    ])
    func keyForms(text: String, valid: Bool) {
        #expect((PrivateKey(text) != nil) == valid)
        #expect(PrivateKey(text).map { "\($0)" } ?? "<private key>" == "<private key>")
    }

    /// With album downloads too: the public albums' ZIPs are stored, not
    /// compressed, so a photo or name of the unlisted album inside one would
    /// show in the search of public files as in a page.
    @Test("Nothing outside the unlisted album's own pages names it, counts it or shows its photos",
          arguments: AlbumZip.allCases)
    func nothingLeaks(zip: AlbumZip) throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        let report = try Site.build(Self.options(album, site, baseURL: "https://example.com/photos/", zip: zip))
        let secret = Self.key.folderName(for: ["Family", "Birthday"])
        let hidden = Self.key.folderName(for: ["Trip", "Zqhid"])
        #expect(report.unlisted == [
            UnlistedAlbum(album: "Family/Birthday", path: "Family/\(secret)/index.html",
                          url: "https://example.com/photos/Family/\(secret)/index.html"),
            UnlistedAlbum(album: "Trip/Zqhid", path: "Trip/\(hidden)/index.html",
                          url: "https://example.com/photos/Trip/\(hidden)/index.html"),
        ])
        #expect(report.jsonSummary.contains(#""unlisted":[{"album":"Family/Birthday","path":"Family/\#(secret)/index.html""#))
        let files = try snapshot(site)
        #expect(files["Family/\(secret)/index.html"] != nil && files["Family/\(secret)/Cake/index.html"] != nil)
        #expect(files["Trip/\(hidden)/index.html"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("Family/Birthday") || $0.hasPrefix("Trip/Zqhid") })
        // No feed of its own: a feed is a list for anyone to follow.
        #expect(files["Family/\(secret)/feed.xml"] == nil && files["Family/feed.xml"] != nil && files["sitemap.xml"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("keywords/zqsecretword") })
        #expect(files["keywords/shared/index.html"] != nil)

        // The unlisted photos' renditions, by content hash: no public file may use one.
        let unlistedPhotos = report.photos.filter { ["Birthday", "Zqhid"].contains($0.folder.dropFirst().first ?? "") }
        #expect(unlistedPhotos.count == 4)
        let hashes = Set(unlistedPhotos.flatMap { $0.renditions.map { String($0.path.dropFirst("renditions/".count).prefix(64)) } })
        #expect(!hashes.isEmpty)
        let isPrivate = { (path: String) in
            path.hasPrefix("Family/\(secret)/") || path.hasPrefix("Trip/\(hidden)/") || path.hasPrefix("renditions/")
                || path.hasPrefix(".cascade-")
        }
        var publicFiles = 0
        for (path, data) in files where !isPrivate(path) {
            publicFiles += 1
            let text = Self.text(data)
            for word in Self.secrets + [secret, hidden] + hashes {
                #expect(!text.contains(word), "\(path) holds '\(word)'")
            }
        }
        #expect(publicFiles > 10)
        // Family's own download holds its own two photos, never the unlisted album's.
        let familyZips = files.keys.filter { $0.hasPrefix("Family/album-") && $0.hasSuffix(".zip") }
        #expect(familyZips.count == (zip == .off ? 0 : 1))
        for path in familyZips {
            let names = try AlbumZipTests.entries(site.appendingPathComponent(path)).map(\.name)
            // Large renditions of these opaque PNGs are JPEGs; originals are the PNGs.
            #expect(names == (zip == .large ? ["f1.jpg", "f2.jpg"] : ["f1.png", "f2.png"]), "\(path)")
        }

        // Cards count only what they show: Family's 2, not 5; Trip's one album and 1 photo.
        let home = Self.text(files["index.html"] ?? Data())
        #expect(home.contains("2 photos") && !home.contains("5 photos"))
        let family = Self.text(files["Family/index.html"] ?? Data())
        #expect(!family.contains("album-tile"), "Family shows no card")

        // The unlisted pages ask robots to stay away, and lead back up to the public parent.
        let robots = #"<meta name="robots" content="noindex, nofollow" />"#
        let birthday = Self.text(files["Family/\(secret)/index.html"] ?? Data())
        #expect(birthday.contains(robots) && birthday.contains("Zq Secret Party") && birthday.contains(#"href="../index.html""#))
        #expect(Self.text(files["Family/\(secret)/Cake/index.html"] ?? Data()).contains(robots))
        let photoPages = files.keys.filter { $0.hasPrefix("Family/\(secret)/") && $0.hasSuffix(".html") }
        #expect(photoPages.count >= 5)
        for page in photoPages { #expect(Self.text(files[page] ?? Data()).contains(robots), "\(page)") }
        for (path, data) in files where !isPrivate(path) && path.hasSuffix(".html") {
            #expect(!Self.text(data).contains("noindex"), "\(path)")
        }
    }

    @Test("Unlisted without a key is an error naming the album; another value of \"private\" is a mistake")
    func configurationErrors() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        #expect {
            try Site.build(Self.options(album, folder.file("site"), key: nil))
        } throws: { error in
            guard let error = error as? BuildError, case .privateKeyMissing(let albums) = error else { return false }
            return albums == ["Family/Birthday", "Trip/Zqhid"] && error.isUsageError
                && error.description.contains("CASCADE_PRIVATE_KEY") && error.description.contains("openssl rand -hex 32")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("site/index.html").path))
        try Data(#"{"private": "secret"}"#.utf8).write(to: album.appendingPathComponent("Trip/Zqhid/album.json"))
        #expect {
            try Site.build(Self.options(album, folder.file("site")))
        } throws: { error in
            "\(error)".contains(#""private" must be "unlisted" or "password""#)
        }
        try Data(#"{"private": "unlisted"}"#.utf8).write(to: album.appendingPathComponent("album.json"))
        #expect {
            try Site.build(Self.options(album, folder.file("site")))
        } throws: { error in
            "\(error)".contains("cannot apply to the album root")
        }
    }

    @Test("The key comes from cascade.json or, first, the environment, and no message quotes it")
    func keySources() throws {
        let settings = try BuildSettings.parse(Array(#"{"privateKey": "\#(Self.keyText)"}"#.utf8), displayPath: "cascade.json")
        #expect(try BuildOptions(album: ".", settings: settings).privateKey == Self.key)
        let other = "ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100"
        #expect(try BuildOptions(album: ".", settings: settings, environment: ["CASCADE_PRIVATE_KEY": other]).privateKey
                == Self.otherKey)
        #expect(try BuildOptions(album: ".", settings: BuildSettings()).privateKey == nil)
        let weak = "abcdef0123456789"
        #expect {
            try BuildSettings.parse(Array(#"{"privateKey": "\#(weak)"}"#.utf8), displayPath: "cascade.json")
        } throws: { error in
            "\(error)".contains("privateKey") && !"\(error)".contains(weak)
        }
        #expect {
            try BuildOptions(album: ".", settings: BuildSettings(), environment: ["CASCADE_PRIVATE_KEY": weak])
        } throws: { error in
            (error as? OptionProblem).map { $0.message.contains("CASCADE_PRIVATE_KEY") && !$0.message.contains(weak) } ?? false
        }
    }

    @Test("The key is in no file the build writes, bookkeeping included; a new key moves the folder, as a cold build would")
    func keyChange() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        let keyed = BuildSnapshot.key(Self.options(album, site), videoTool: nil)
        #expect(keyed != BuildSnapshot.key(Self.options(album, site, key: Self.otherKey), videoTool: nil))
        #expect(keyed != BuildSnapshot.key(Self.options(album, site, key: nil), videoTool: nil))
        for (path, data) in try snapshot(site) {
            let text = Self.text(data).lowercased()
            #expect(!text.contains(Self.keyText) && !text.contains(Self.key.fingerprint), "\(path)")
        }
        let again = try Site.build(Self.options(album, site, key: Self.otherKey))
        #expect(again.stages.map(\.name) != ["unchanged"])
        _ = try Site.build(Self.options(album, folder.file("cold"), key: Self.otherKey))
        let files = try snapshot(site)
        #expect(files == (try snapshot(folder.file("cold"))))
        #expect(files["Family/\(Self.otherKey.folderName(for: ["Family", "Birthday"]))/index.html"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("Family/\(Self.key.folderName(for: ["Family", "Birthday"]))") })
    }

    @Test("Making an album unlisted, and public again, removes the old folder's files and equals a cold build")
    func becomingUnlistedAndPublic() throws {
        let folder = TemporaryFolder()
        // No other unlisted album: the public builds leave what a rebuild could carry albums from.
        let album = try Self.library(in: folder, unlisted: false, trip: false)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Family/Birthday/index.html").path))
        // A rebuild with nothing changed could carry albums; this one cannot, and is a full one.
        try Self.setUnlisted(album, true)
        _ = try Site.build(Self.options(album, site))
        _ = try Site.build(Self.options(album, folder.file("cold-unlisted")))
        #expect(try snapshot(site) == snapshot(folder.file("cold-unlisted")))
        let secret = Self.key.folderName(for: ["Family", "Birthday"])
        // A file of the user's in the secret folder is never removed.
        try Data("mine".utf8).write(to: site.appendingPathComponent("Family/\(secret)/notes.txt"))
        try Self.setUnlisted(album, false)
        _ = try Site.build(Self.options(album, site))
        _ = try Site.build(Self.options(album, folder.file("cold-public")))
        var files = try snapshot(site)
        #expect(files.removeValue(forKey: "Family/\(secret)/notes.txt") != nil)
        #expect(files == (try snapshot(folder.file("cold-public"))))
        #expect(files["Family/Birthday/index.html"] != nil)
    }
}
