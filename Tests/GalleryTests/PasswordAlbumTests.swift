import Foundation
import Testing
@testable import Gallery

/// `"private": "password"`: the album's pages and renditions are published
/// only as equal-size AES-256-GCM chunks behind a neutral unlock page, under
/// a key derived from a password read from the environment.
@Suite("Password albums")
struct PasswordAlbumTests {
    static let key = UnlistedAlbumTests.key
    static let password = "correct horse ünïcode"

    /// The unlisted album test's library with `Family/Birthday` a password
    /// album (its password in `ZQ_PARTY_PASSWORD`) and `Trip/Zqhid` unlisted.
    static func library(in folder: TemporaryFolder, variable: String? = "ZQ_PARTY_PASSWORD") throws -> URL {
        let album = try UnlistedAlbumTests.library(in: folder)
        let named = variable.map { #""passwordVariable": "\#($0)", "# } ?? ""
        try Data((#"{"private": "password", "# + named + #""title": "Zq Secret Party", "photos": {"zqparty1.png": "#
                  + #"{"caption": "zq-candles caption", "keywords": ["zqsecretword", "shared"]}}}"#).utf8)
            .write(to: album.appendingPathComponent("Family/Birthday/album.json"))
        return album
    }

    static func options(_ album: URL, _ output: URL, passwords: [String: String] = ["ZQ_PARTY_PASSWORD": password])
        -> BuildOptions {
        var options = UnlistedAlbumTests.options(album, output, baseURL: "https://example.com/photos/", zip: .large)
        options.originals = .stripped
        options.albumPasswords = AlbumPasswords(lookup: { passwords[$0] })
        return options
    }

    static let secret = key.folderName(for: ["Family", "Birthday"])

    static func chunks(_ files: [String: Data]) -> [[UInt8]] {
        files.keys.filter { $0.hasPrefix("Family/\(secret)/sealed-") }.sorted().map { Array(files[$0]!) }
    }

    static func cipher(_ password: String = password) -> AlbumCipher {
        AlbumCipher(password: password, salt: key.passwordSalt(for: ["Family", "Birthday"]))
    }

    @Test("Salt, key, nonce and check value are those the spec gives (computed apart with Python's cryptography)")
    func knownVector() {
        let salt = Self.key.passwordSalt(for: ["Family", "Birthday"])
        #expect(salt.map { String(format: "%02x", $0) }.joined()
                == "fe8a38ee01a6bbec1a8216b4d4eeb715c205518b394be3a0605e8be7a0a632f5")
        let cipher = AlbumCipher(password: Self.password, salt: salt)
        #expect(Data(cipher.check).base64EncodedString() == "IHOKyBPdlsfTbvHE5q3MycylsxAF7HPmTHRG5AEWA/K4Bxvp31vKeTHFp90tf7MwCdo=")
        #expect(cipher.open(cipher.check, role: "check") == Array(AlbumCipher.checkText.utf8))
        #expect(Self.cipher("correct horse").open(cipher.check, role: "check") == nil)
        #expect(cipher.open(cipher.check, role: "chunk 0") == nil, "the role is authenticated")
    }

    @Test("A nonce is the same for the same plaintext and role, another for any other")
    func nonces() {
        let cipher = Self.cipher()
        let a = Array("one".utf8), b = Array("two".utf8)
        #expect(cipher.nonce(role: "chunk 0", plaintext: a) == cipher.nonce(role: "chunk 0", plaintext: a))
        #expect(cipher.nonce(role: "chunk 0", plaintext: a) != cipher.nonce(role: "chunk 0", plaintext: b))
        #expect(cipher.nonce(role: "chunk 0", plaintext: a) != cipher.nonce(role: "chunk 1", plaintext: a))
        #expect(cipher.nonce(role: "chunk 0", plaintext: a).count == 12)
    }

    @Test("Nothing of the album is readable in any file of the site: names, texts, photos, count or its renditions")
    func nothingReadable() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        let report = try Site.build(Self.options(album, site))
        let files = try snapshot(site)
        let own = files.keys.filter { $0.hasPrefix("Family/\(Self.secret)/") }.sorted()
        let chunks = Self.chunks(files)
        #expect(own == ["Family/\(Self.secret)/index.html"]
                + chunks.indices.map { "Family/\(Self.secret)/" + SealedAlbum.chunkName($0) } + ["Family/\(Self.secret)/unlock.js"])
        #expect(!chunks.isEmpty && chunks.allSatisfy { $0.count == SealedAlbum.chunkSize + AlbumCipher.overhead })
        #expect(report.unlisted.map(\.album) == ["Family/Birthday", "Trip/Zqhid"])

        // The sealed photos' renditions, by content hash: no file of the site has one.
        let sealedPhotos = report.photos.filter { $0.folder.starts(with: ["Family", "Birthday"]) }
        #expect(sealedPhotos.count == 3)
        let hashes = Set(sealedPhotos.flatMap { $0.renditions.map { String($0.path.dropFirst("renditions/".count).prefix(64)) } })
        #expect(!hashes.isEmpty)
        #expect(!files.keys.contains { path in hashes.contains { path.contains($0) } })
        let secrets = UnlistedAlbumTests.secrets.filter { $0 != "zqhidden" && $0 != "Zqhid" } + ["Birthday", Self.password]
        var searched = 0
        // Every file, the bookkeeping too: it names no sealed photo, rendition or text.
        for (path, data) in files {
            searched += 1
            let text = UnlistedAlbumTests.text(data)
            for word in secrets + hashes { #expect(!text.contains(word), "\(path) holds '\(word)'") }
            if path.hasPrefix("Family/\(Self.secret)/") {
                #expect(data.firstRange(of: Data([0xFF, 0xD8, 0xFF])) == nil, "\(path) holds a JPEG marker")
                #expect(data.firstRange(of: Data([0x89, 0x50, 0x4E, 0x47])) == nil, "\(path) holds a PNG signature")
            }
        }
        #expect(searched > 10)
        // The unlock page: robots kept away, no title, no count, no photo; only the field and the stylesheet.
        let unlock = UnlistedAlbumTests.text(files["Family/\(Self.secret)/index.html"] ?? Data())
        #expect(unlock.contains(#"<meta name="robots" content="noindex, nofollow" />"#))
        #expect(unlock.contains(#"type="password""#) && unlock.contains(#"href="../../style.css""#))
        #expect(!unlock.contains("<img") && !unlock.contains("photo") && !unlock.contains("Family"))
        // Family's download and originals hold its own photos only; the sealed album has neither.
        #expect(!files.keys.contains { $0.hasPrefix("Family/\(Self.secret)/") && ($0.hasSuffix(".zip") || $0.hasSuffix(".png")) })
        // The password is in no file, bookkeeping included.
        for (path, data) in files { #expect(!UnlistedAlbumTests.text(data).contains(Self.password), "\(path)") }
    }

    @Test("The chunks decrypt with the password to the album's pages and renditions, and with no other")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        let files = try snapshot(site)
        let chunks = Self.chunks(files)
        #expect(SealedAlbum.open(chunks, cipher: Self.cipher("correct horse")) == nil)
        let opened = try #require(SealedAlbum.open(chunks, cipher: Self.cipher()))
        #expect(opened.start == "Family/\(Self.secret)/index.html")
        let byPath = Dictionary(uniqueKeysWithValues: opened.files.map { ($0.path, $0.bytes) })
        let page = String(decoding: byPath[opened.start] ?? [], as: UTF8.self)
        #expect(page.contains("Zq Secret Party") && page.contains("zq-candles caption") && page.contains("noindex"))
        #expect(byPath["Family/\(Self.secret)/Cake/index.html"] != nil, "the album below it is sealed with it")
        #expect(byPath.keys.contains { $0.hasPrefix("Family/\(Self.secret)/") && $0.hasSuffix(".html") && $0.contains("zqparty1") })
        // Every rendition the album page names is in the seal, an image whole.
        let named = page.matches(of: /renditions\/[0-9a-f]{64}-[^" ,]+/).map { "renditions/" + $0.output.dropFirst("renditions/".count) }
        #expect(!named.isEmpty)
        for path in Set(named) {
            let bytes = try #require(byPath[String(path)], "\(path)")
            #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]) || bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path)")
        }
        // The unlock page carries the salt and the check value the browser needs.
        let unlock = UnlistedAlbumTests.text(files["Family/\(Self.secret)/index.html"] ?? Data())
        #expect(unlock.contains(#"data-salt="\#(Data(Self.key.passwordSalt(for: ["Family", "Birthday"])).base64EncodedString())""#))
        #expect(unlock.contains(#"data-check="\#(Data(Self.cipher().check).base64EncodedString())""#))
        #expect(unlock.contains(#"data-iterations="600000""#) && unlock.contains(#"data-chunks="\#(chunks.count)""#))
    }

    @Test("The same input gives the same bytes, rebuilt or cold; another password other chunks of the same sizes")
    func deterministic() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        let first = try snapshot(site)
        _ = try Site.build(Self.options(album, site))
        _ = try Site.build(Self.options(album, folder.file("cold")))
        #expect(try snapshot(site) == first)
        #expect(try snapshot(folder.file("cold")) == first)
        _ = try Site.build(Self.options(album, folder.file("other"), passwords: ["ZQ_PARTY_PASSWORD": "another one"]))
        let other = try snapshot(folder.file("other"))
        #expect(Self.chunks(other).map(\.count) == Self.chunks(first).map(\.count))
        #expect(Self.chunks(other) != Self.chunks(first))
    }

    @Test("Without its password the build fails naming the album and the variable, before writing anything")
    func missingPassword() throws {
        let folder = TemporaryFolder()
        for variable in ["ZQ_PARTY_PASSWORD", nil] {
            let album = try Self.library(in: folder, variable: variable)
            #expect {
                try Site.build(Self.options(album, folder.file("site"), passwords: ["OTHER": "x", "ZQ_PARTY_PASSWORD": ""]))
            } throws: { error in
                guard let error = error as? BuildError, case .albumPasswordMissing(let name, let named) = error else { return false }
                let expected = variable ?? AlbumPasswords.defaultVariable
                return name == "Family/Birthday" && named == expected && error.isUsageError
                    && error.description.contains("'Family/Birthday'") && error.description.contains(expected)
            }
            #expect(!FileManager.default.fileExists(atPath: folder.file("site/index.html").path))
        }
        // The default variable, when album.json names none.
        let album = try Self.library(in: folder, variable: nil)
        _ = try Site.build(Self.options(album, folder.file("site"), passwords: [AlbumPasswords.defaultVariable: Self.password]))
        #expect(SealedAlbum.open(Self.chunks(try snapshot(folder.file("site"))), cipher: Self.cipher()) != nil)
        #expect("\(AlbumPasswords.process)" == "<album passwords>")
    }

    @Test("With --formats the sealed album keeps no alternate, in the seal or in the site; public albums keep theirs")
    func alternates() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        var options = Self.options(album, folder.file("site"))
        options.renditions.formats = [.webp]
        let report = try Site.build(options)
        let files = try snapshot(folder.file("site"))
        let sealed = report.photos.filter { $0.folder.starts(with: ["Family", "Birthday"]) }
        let hashes = Set(sealed.flatMap { $0.renditions.map { String($0.path.dropFirst("renditions/".count).prefix(64)) } })
        #expect(!hashes.isEmpty && !files.keys.contains { path in hashes.contains { path.contains($0) } })
        #expect(files.keys.contains { $0.hasPrefix("renditions/") && $0.hasSuffix(".webp") }, "the public photos keep theirs")
        let opened = try #require(SealedAlbum.open(Self.chunks(files), cipher: Self.cipher()))
        #expect(!opened.files.contains { $0.path.hasSuffix(".webp") })
        #expect(opened.files.contains { $0.path.hasPrefix("renditions/") })
    }

    @Test("A theme without the unlock page fails before any image work, naming what it lacks")
    func themeWithoutUnlockPage() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let theme = folder.file("theme")
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        try FileManager.default.removeItem(at: theme.appendingPathComponent("unlock/unlock.js.mustache"))
        var options = Self.options(album, folder.file("site"))
        options.templates = theme
        #expect {
            try Site.build(options)
        } throws: { error in
            guard let error = error as? BuildError, case .unlockTemplateMissing = error else { return false }
            return error.isUsageError && error.description.contains("unlock/unlock.js.mustache")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("site/index.html").path))
    }

    @Test("A password album inside another is sealed with it, under the outer password")
    func nested() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        try Data(#"{"private": "password", "passwordVariable": "ZQ_INNER", "title": "Zq Inner Cake"}"#.utf8)
            .write(to: album.appendingPathComponent("Family/Birthday/Cake/album.json"))
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site, passwords: ["ZQ_PARTY_PASSWORD": Self.password, "ZQ_INNER": "inner"]))
        let files = try snapshot(site)
        #expect(!files.keys.contains { $0.hasPrefix("Family/\(Self.secret)/") && $0.split(separator: "/").count > 3 })
        let opened = try #require(SealedAlbum.open(Self.chunks(files), cipher: Self.cipher()))
        let inner = Self.key.folderName(for: ["Family", "Birthday", "Cake"])
        let page = opened.files.first { $0.path == "Family/\(Self.secret)/\(inner)/index.html" }
        #expect(page.map { String(decoding: $0.bytes, as: UTF8.self).contains("Zq Inner Cake") } == true)
        for (path, data) in files { #expect(!UnlistedAlbumTests.text(data).contains("Zq Inner Cake"), "\(path)") }
    }

    @Test("passwordVariable must name an environment variable", arguments: [
        ("ZQ_PARTY", true), ("_x1", true), ("1ABC", false), ("A-B", false), ("", false), ("A B", false),
    ])
    func variableNames(name: String, valid: Bool) {
        #expect(AlbumPasswords.isVariableName(name) == valid)
    }
}
