import Foundation
import ImageHeaders
import Testing
import Thumbnails
@testable import Gallery

/// The site's favicon and touch icon: square crops of the home page's cover,
/// written once per site, named after what they are made from, listed in
/// the manifest, rebuilt exactly as a cold build makes them, and as clean
/// for `cascade audit` as every rendition.
@Suite("Site icons")
struct SiteIconTests {
    /// A 260×200 PNG whose pixels (and so content hash) follow from `seed`:
    /// big enough for a full-size touch icon.
    static func png(_ seed: Int) throws -> Data {
        let width = 260, height = 200
        let samples = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 / 7 &* 13 &+ seed &* 97) }
        return Data(try ImageEncoder.png(PixelBuffer(width: width, height: height, channels: 3, samples: samples)))
    }

    /// No photo in the root: its cover comes from `a`; `b` and `e` are carried by a rebuild that changes `a`.
    static func library(in folder: TemporaryFolder) throws -> URL {
        try AlbumPatchTests.library(in: folder, layout: [("a", 2), ("b", 2), ("e", 1)], image: png)
    }

    static func build(_ album: URL, _ output: URL) throws -> BuildReport {
        try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates))
    }

    /// The `href` of the `<link rel="…">` in `page`.
    static func link(_ rel: String, in page: String) -> String? {
        guard let start = page.range(of: "<link rel=\"\(rel)\" href=\"") else { return nil }
        return String(page[start.upperBound...].prefix { $0 != "\"" })
    }

    static func page(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Every page links a 32 px PNG favicon and a 180 px touch icon, both in the manifest")
    func iconsAreMadeAndLinked() throws {
        let folder = TemporaryFolder()
        let site = folder.file("site")
        _ = try Self.build(try Self.library(in: folder), site)
        let home = try Self.page(site, "index.html")
        let favicon = try #require(Self.link("icon", in: home))
        let touch = try #require(Self.link("apple-touch-icon", in: home))
        #expect(favicon == "favicon.png" && touch == "apple-touch-icon.jpg")
        #expect(home.contains("href=\"\(favicon)\" type=\"image/png\" />"))
        // A sub-album's pages and photo pages reach the same files from below.
        #expect(Self.link("icon", in: try Self.page(site, "a/index.html")) == "../" + favicon)
        #expect(Self.link("apple-touch-icon", in: try Self.page(site, "a/p0.html")) == "../" + touch)
        let faviconHeader = try ImageHeader.read(fileAt: site.appendingPathComponent(favicon).path)
        #expect(faviconHeader.format == .png && faviconHeader.storedSize == PixelSize(width: 32, height: 32))
        let touchHeader = try ImageHeader.read(fileAt: site.appendingPathComponent(touch).path)
        #expect(touchHeader.format == .jpeg && touchHeader.storedSize == PixelSize(width: 180, height: 180))
        let manifest = try Self.page(site, OutputFolder.manifestName)
        #expect(manifest.contains(favicon) && manifest.contains(touch))
        // No photo rendition is the icon any more.
        #expect(!home.contains("rel=\"icon\" href=\"renditions/"))
    }

    @Test("A rebuild after the cover photo changes (other albums carried) remakes the icons and equals a cold build")
    func coverChangeRebuildsIcons() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let before = try #require(Self.link("icon", in: try Self.page(site, "index.html")))
        let beforeTouch = try #require(Self.link("apple-touch-icon", in: try Self.page(site, "index.html")))
        let beforeBytes = try Data(contentsOf: site.appendingPathComponent(before))

        // Something else changes: the icons stay as they were.
        try Self.png(50).write(to: album.appendingPathComponent("b/new.png"))
        let unrelated = try Self.build(album, site)
        #expect(unrelated.albumsCarried > 0)
        #expect(Self.link("icon", in: try Self.page(site, "index.html")) == before)
        #expect(try Data(contentsOf: site.appendingPathComponent(before)) == beforeBytes)

        // The cover photo itself gets other pixels.
        try Self.png(99).write(to: album.appendingPathComponent("a/p0.png"))
        let report = try Self.build(album, site)
        #expect(report.albumsCarried > 0, "b and e are carried")
        // The names stay (the carried albums' pages link them), the pictures change.
        #expect(Self.link("icon", in: try Self.page(site, "index.html")) == before)
        #expect(Self.link("apple-touch-icon", in: try Self.page(site, "b/index.html")) == "../" + beforeTouch)
        #expect(try Data(contentsOf: site.appendingPathComponent(before)) != beforeBytes)
        _ = try Self.build(album, folder.file("cold"))
        let differences = try Self.differences(site, folder.file("cold"))
        #expect(differences.isEmpty, "\(differences)")

        // Nothing changed: the no-change rebuild keeps them.
        let again = try Self.build(album, site)
        #expect(again.stages.map(\.name) == ["unchanged"])
        #expect(try Self.differences(site, folder.file("cold")).isEmpty)
    }

    /// The paths whose bytes differ between two sites (or that one lacks).
    static func differences(_ one: URL, _ other: URL) throws -> [String] {
        let (a, b) = (try snapshot(one), try snapshot(other))
        return Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
    }

    @Test("An icon removed from the output is made again")
    func removedIconComesBack() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let favicon = try #require(Self.link("icon", in: try Self.page(site, "index.html")))
        let bytes = try Data(contentsOf: site.appendingPathComponent(favicon))
        try FileManager.default.removeItem(at: site.appendingPathComponent(favicon))
        _ = try Self.build(album, site)
        #expect(try Data(contentsOf: site.appendingPathComponent(favicon)) == bytes)
    }

    @Test("A transparent cover's touch icon is a JPEG laid on white; its favicon keeps the transparency")
    func transparentCover() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // 200×200, red, its left half fully transparent.
        let samples = (0..<(200 * 200)).flatMap { index -> [UInt8] in [200, 0, 0, index % 200 < 100 ? 0 : 255] }
        try Data(ImageEncoder.png(PixelBuffer(width: 200, height: 200, channels: 4, samples: samples)))
            .write(to: album.appendingPathComponent("cut.png"))
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let touch = try ImageDecoder.decode(Array(Data(contentsOf: site.appendingPathComponent("apple-touch-icon.jpg"))))
        #expect(touch.format == .jpeg && touch.pixels.width == 180 && touch.pixels.channels == 3)
        // Left: white; right: red (JPEG's error is a few levels).
        let left = Array(touch.pixels.samples[(90 * 180 + 10) * 3..<(90 * 180 + 10) * 3 + 3])
        let right = Array(touch.pixels.samples[(90 * 180 + 170) * 3..<(90 * 180 + 170) * 3 + 3])
        #expect(left.allSatisfy { $0 > 240 }, "\(left)")
        #expect(right[0] > 180 && right[1] < 30 && right[2] < 30, "\(right)")
        let favicon = try ImageDecoder.decode(Array(Data(contentsOf: site.appendingPathComponent("favicon.png"))))
        #expect(favicon.pixels.channels == 4 && favicon.pixels.hasTransparency)
    }

    @Test("Icons of a cover carrying a GPS position are as clean for cascade audit as the renditions")
    func iconsPassTheAudit() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // GPS position and location fields (Exif and XMP).
        let marked = album.appendingPathComponent("cover.jpg")
        try FileManager.default.copyItem(at: MetadataAuditTests.fixtures.appendingPathComponent("layered.jpg"), to: marked)
        // The source does carry something, so a clean site means it was removed.
        #expect(MetadataAudit.findings(inFileAt: marked.path) != nil)
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let home = try Self.page(site, "index.html")
        let icons = try [#require(Self.link("icon", in: home)), #require(Self.link("apple-touch-icon", in: home))]
        for icon in icons {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(icon).path))
        }
        var findings: [AuditFinding] = []
        MetadataAudit.run(site.path) { findings.append($0) }
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("The icons come from the smallest rendition covering 180 px, never upscaled")
    func iconPlan() throws {
        var photo = Photo(fileName: "a.jpg", header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 1600, height: 900)))
        photo.renditions = [RenditionFile(width: 320, height: 180, path: "renditions/abc-320q80.jpg"),
                            RenditionFile(width: 640, height: 360, path: "renditions/abc-640q80.jpg")]
        let icons = try #require(SiteIcons(cover: photo))
        #expect(icons.source.path == "renditions/abc-320q80.jpg")
        #expect(icons.paths == ["favicon.png", "apple-touch-icon.jpg"])
        #expect(icons.touchIcon.width == 180 && icons.favicon.width == 32)
        // A small PNG: its largest rendition, icons no bigger than its short side.
        photo.renditions = [RenditionFile(width: 120, height: 90, path: "renditions/def-120q80.png")]
        let small = try #require(SiteIcons(cover: photo))
        #expect(small.source.path == "renditions/def-120q80.png")
        #expect(small.touchIcon == RenditionFile(width: 90, height: 90, path: "apple-touch-icon.jpg"))
        photo.renditions = []
        #expect(SiteIcons(cover: photo) == nil)
    }
}
