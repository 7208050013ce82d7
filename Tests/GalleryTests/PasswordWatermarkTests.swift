import Foundation
import Testing
@testable import Gallery

/// Three features of this round on one album: a password album under a
/// watermarked, credited root, with a caption linking something the site
/// does not publish. The seal must hold the marked renditions and the
/// resolved caption, and leak none of them; a rebuild equals a cold build.
@Suite("Password albums with watermarks and caption links")
struct PasswordWatermarkTests {
    @Test func aMarkedPasswordAlbumSealsItsMarkedRenditions() throws {
        let folder = TemporaryFolder()
        let album = try PasswordAlbumTests.library(in: folder)
        try Data((#"{"keywordAlbums": true, "copyright": "© Zq Credit", "watermark": {"text": "Zq", "minWidth": 4, "size": 0.3}, "#
                  + #""photos": {"home.png": {"keywords": ["shared"]}}}"#).utf8)
            .write(to: album.appendingPathComponent("album.json"))
        try Data("Candles, [rules](../../RULES.md).\n".utf8)
            .write(to: album.appendingPathComponent("Family/Birthday/zqparty2.md"))
        let site = folder.file("site")
        let report = try Site.build(PasswordAlbumTests.options(album, site))
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        // The dropped link is noted on the sealed photo, for the user only.
        #expect(report.notices.contains { $0.reason == .linkToNothing(href: "../../RULES.md") && $0.path.hasSuffix("zqparty2.png") })
        let files = try snapshot(site)
        // Public albums' large renditions are marked; the tiles are not.
        #expect(files.keys.contains { $0.hasPrefix("renditions/") && $0.contains("-w") })
        let opened = try #require(SealedAlbum.open(PasswordAlbumTests.chunks(files), cipher: PasswordAlbumTests.cipher()))
        let sealed = Dictionary(uniqueKeysWithValues: opened.files.map { ($0.path, $0.bytes) })
        // The seal holds marked renditions of its own photos, and none of them is public.
        let marked = sealed.keys.filter { $0.hasPrefix("renditions/") && $0.contains("-w") }
        #expect(!marked.isEmpty)
        for path in marked { #expect(files[path] == nil, "\(path) is public") }
        // The caption inside the seal shows the link as text and the credit is on the sealed photo page.
        let pages = sealed.filter { $0.key.hasSuffix(".html") }.map { String(decoding: $0.value, as: UTF8.self) }
        #expect(pages.contains { $0.contains("Candles, rules.") })
        #expect(pages.contains { $0.contains("© Zq Credit") })
        // Nothing of it outside the seal.
        for (path, data) in files {
            let text = UnlistedAlbumTests.text(data)
            for word in ["Candles", "RULES", "zqparty2"] { #expect(!text.contains(word), "\(path) holds '\(word)'") }
        }
        // Rebuilt, it equals a cold build.
        _ = try Site.build(PasswordAlbumTests.options(album, site))
        let cold = folder.file("cold")
        _ = try Site.build(PasswordAlbumTests.options(album, cold))
        let a = try snapshot(site), b = try snapshot(cold)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.sorted().filter { a[$0] != b[$0] } == [])
    }
}
