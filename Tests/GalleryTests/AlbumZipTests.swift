import CLibZip
import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// Album downloads (`--zip`, `album.json` `"zip"`): stored, deterministic
/// archives of an album's own photos, linked from its page, kept while their
/// inputs stay the same, and looked into by `cascade audit`.
@Suite("Album ZIP downloads")
struct AlbumZipTests {
    /// root: `gps.jpg` (a JPEG with a GPS position); `sub`: two PNGs;
    /// `sub/off`: one PNG and `"zip": false`.
    static func library(in folder: TemporaryFolder) throws -> URL {
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album.appendingPathComponent("sub/off"), withIntermediateDirectories: true)
        try CameraDetailsPageTests.photo().write(to: album.appendingPathComponent("gps.jpg"))
        try AlbumPatchTests.png(1).write(to: album.appendingPathComponent("sub/p0.png"))
        try AlbumPatchTests.png(2).write(to: album.appendingPathComponent("sub/p1.png"))
        try AlbumPatchTests.png(3).write(to: album.appendingPathComponent("sub/off/q.png"))
        try Data(#"{"zip": false}"#.utf8).write(to: album.appendingPathComponent("sub/off/album.json"))
        return album
    }

    static func options(_ album: URL, _ output: URL, zip: AlbumZip = .large) -> BuildOptions {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.zip = zip
        return options
    }

    /// The ZIPs in the folder `folder` of the site (not below it).
    static func zips(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".zip") }.sorted()
    }

    /// Each entry of the archive at `url`: name, method, bytes.
    static func entries(_ url: URL) throws -> [(name: String, method: Int32, bytes: [UInt8])] {
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        let reader = try ZipReader(descriptor: descriptor)
        return try (0..<reader.count).map { index in
            let entry = try #require(reader.entry(index))
            return (entry.name, entry.method, try reader.prefix(of: index, limit: .max))
        }
    }

    @Test("Each album with photos gets a stored ZIP of its own photos' large renditions, linked with its size")
    func largeRenditions() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        let report = try Site.build(Self.options(album, site))
        #expect(report.zipsMade == 2)
        let rootZips = try Self.zips(in: site), subZips = try Self.zips(in: site.appendingPathComponent("sub"))
        #expect(rootZips.count == 1 && subZips.count == 1)
        #expect(try Self.zips(in: site.appendingPathComponent("sub/off")).isEmpty)
        let root = try Self.entries(site.appendingPathComponent(rootZips[0]))
        #expect(root.map(\.name) == ["gps.jpg"])
        #expect(root.allSatisfy { $0.method == ZIP_CM_STORE })
        // Each entry is the photo's widest JPEG rendition, byte for byte.
        let photo = try #require(report.photos.first { $0.fileName == "gps.jpg" })
        let widest = try #require(photo.renditions.filter { $0.path.hasSuffix(".jpg") }.max { $0.width < $1.width })
        #expect(root[0].bytes == [UInt8](try Data(contentsOf: site.appendingPathComponent(widest.path))))
        // The sub-album's own photos only, not `sub/off`'s.
        #expect(try Self.entries(site.appendingPathComponent("sub/" + subZips[0])).map(\.name) == ["p0.jpg", "p1.jpg"])
        let raw = [UInt8](try Data(contentsOf: site.appendingPathComponent(rootZips[0])))
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let size = AlbumDownload(path: "", size: Int64(raw.count), count: 1)
        #expect(page.contains(#"<a href="\#(rootZips[0])" download="album.zip">Download 1 photo as a ZIP ("#))
        #expect(page.contains(LanguageStrings.english.byteSize(size.size)))
        let off = try String(contentsOf: site.appendingPathComponent("sub/off/index.html"), encoding: .utf8)
        #expect(!off.contains("class=\"download\""))
    }

    @Test("Two cold builds give byte-identical archives; a rebuild keeps an unchanged album's and replaces a changed one's")
    func deterministicAndKept() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        _ = try Site.build(Self.options(album, folder.file("again")))
        #expect(try snapshot(site) == snapshot(folder.file("again")))
        let rootZip = site.appendingPathComponent(try Self.zips(in: site)[0])
        let before = try FileManager.default.attributesOfItem(atPath: rootZip.path)[.systemFileNumber] as? Int
        let oldSub = try Self.zips(in: site.appendingPathComponent("sub"))
        try AlbumPatchTests.png(9).write(to: album.appendingPathComponent("sub/p2.png"))
        let report = try Site.build(Self.options(album, site))
        #expect(report.zipsKept == 1 && report.zipsMade == 1)
        #expect(try FileManager.default.attributesOfItem(atPath: rootZip.path)[.systemFileNumber] as? Int == before)
        let newSub = try Self.zips(in: site.appendingPathComponent("sub"))
        #expect(newSub.count == 1 && newSub != oldSub)
        #expect(try Self.entries(site.appendingPathComponent("sub/" + newSub[0])).map(\.name) == ["p0.jpg", "p1.jpg", "p2.jpg"])
        // Equal to a cold build of the changed library.
        _ = try Site.build(Self.options(album, folder.file("cold")))
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
    }

    @Test("Originals are stripped as --originals strips them; audit finds GPS only in a --keep-metadata archive",
          arguments: [false, true])
    func originalsAndAudit(keepMetadata: Bool) throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        var options = Self.options(album, site, zip: .originals)
        if keepMetadata { options.originals = .asIs }
        let report = try Site.build(options)
        let zip = try Self.zips(in: site)[0]
        let entry = try #require(try Self.entries(site.appendingPathComponent(zip)).first)
        let original = [UInt8](try Data(contentsOf: album.appendingPathComponent("gps.jpg")))
        #expect(entry.name == "gps.jpg")
        #expect(entry.bytes == (keepMetadata ? original : try JPEGMetadataStripper.strip(original).data))
        var findings: [AuditFinding] = []
        MetadataAudit.run(site.path) { findings.append($0) }
        let inZip = findings.filter { $0.path.hasSuffix(zip + ":gps.jpg") }
        #expect(inZip.count == (keepMetadata ? 1 : 0))
        #expect(inZip.allSatisfy { $0.carries.contains { $0.contains("GPS") } })
        #expect(report.privacyFindings.contains { $0.path.hasSuffix(":gps.jpg") } == keepMetadata)
    }

    @Test("With zip on, adding a photo to one album of several gives what a cold build gives")
    func carriedAlbumsKeepTheirArchives() throws {
        let folder = TemporaryFolder()
        let album = try AlbumPatchTests.library(in: folder)
        let site = folder.file("site")
        _ = try Site.build(Self.options(album, site))
        try AlbumPatchTests.png(100).write(to: album.appendingPathComponent("a/new.png"))
        let report = try Site.build(Self.options(album, site))
        #expect(report.albumsCarried > 0)
        let cold = try Site.build(Self.options(album, folder.file("cold")))
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
        // Every archive counted: made now, kept, or carried with its album.
        #expect(report.zipsMade == 1 && report.zipsMade + report.zipsKept == cold.zipsMade && cold.zipsMade == 5)
        // Nothing changed: the report is replayed, archives counted as reused.
        let again = try Site.build(Self.options(album, site))
        #expect(again.stages.map(\.name) == ["unchanged"] && again.zipsKept == 5 && again.jsonSummary.contains(#""zips":{"made":0,"reused":5}"#))
        #expect(try Self.zips(in: site.appendingPathComponent("b/c")).count == 1)
    }

    @Test("A name beyond ASCII is flagged UTF-8 (general-purpose bit 11); entries are loaded one at a time")
    func utf8NamesAndOneEntryAtATime() throws {
        let folder = TemporaryFolder()
        let path = folder.file("x.zip").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let writer = try ZipWriter(descriptor: descriptor)
        final class Count: @unchecked Sendable { var loads = 0 }
        let count = Count()
        // 02:30 on a spring-forward night: no such local time in much of Europe.
        let gap = DOSTime(year: 2024, month: 3, day: 31, hour: 2, minute: 30, second: 0)
        for name in ["Zürich.jpg", "b.jpg", "c.jpg"] {
            try writer.add(name, time: gap) {
                count.loads += 1
                return [UInt8](repeating: 7, count: 1000)
            }
        }
        try writer.finish()
        let raw = [UInt8](try Data(contentsOf: folder.file("x.zip")))
        #expect((UInt16(raw[7]) << 8 | UInt16(raw[6])) & 0x0800 != 0)
        #expect(Array(raw[30..<(30 + "Zürich.jpg".utf8.count)]) == Array("Zürich.jpg".utf8))
        // Stored: method 0, and no extra field (its length, at 28, is 0).
        #expect(raw[8] == 0 && raw[9] == 0 && raw[28] == 0 && raw[29] == 0)
        // The time as given, whatever the machine's zone: in the local header and the central directory.
        let stamp = [UInt8(gap.time & 0xFF), UInt8(gap.time >> 8), UInt8(gap.date & 0xFF), UInt8(gap.date >> 8)]
        #expect(Array(raw[10..<14]) == stamp)
        let signature: [UInt8] = [0x50, 0x4B, 1, 2]
        let found: Int? = (0..<(raw.count - 4)).first { (offset: Int) -> Bool in Array(raw[offset..<(offset + 4)]) == signature }
        let directory = try #require(found)
        #expect(Array(raw[(directory + 12)..<(directory + 16)]) == stamp)
        #expect(try Self.entries(folder.file("x.zip")).map(\.bytes) == Array(repeating: [UInt8](repeating: 7, count: 1000), count: 3))
        // Each entry's bytes were asked for while it was written (at most twice: its size, then its bytes).
        #expect(count.loads >= 3 && count.loads <= 6)
    }

    @Test("A reader refuses an archive listing too many entries and reads an entry's bytes only up to its limit")
    func readerBounds() throws {
        let folder = TemporaryFolder()
        let descriptor = open(folder.file("x.zip").path, O_RDWR | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let writer = try ZipWriter(descriptor: descriptor)
        for number in 0..<5 { try writer.add("e\(number)", time: .earliest) { [UInt8](repeating: 1, count: 1000) } }
        try writer.finish()
        #expect(throws: ZipReader.Failure.self) { try ZipReader(descriptor: descriptor, maxEntries: 4) }
        let reader = try ZipReader(descriptor: descriptor)
        #expect(try reader.prefix(of: 0, limit: 10).count == 10)
        #expect(reader.entry(4)?.size == 1000)
    }

    @Test("A sub-album's \"zip\": \"originals\" wins over --zip large there; SOURCE_DATE_EPOCH dates the entries")
    func subAlbumOverrideAndEpoch() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        try Data(#"{"zip": "originals"}"#.utf8).write(to: album.appendingPathComponent("sub/album.json"))
        let site = folder.file("site")
        var options = Self.options(album, site)
        options.sourceDateEpoch = 1_700_000_000
        _ = try Site.build(options)
        let sub = site.appendingPathComponent("sub/" + (try Self.zips(in: site.appendingPathComponent("sub"))[0]))
        let entries = try Self.entries(sub)
        #expect(entries.map(\.name) == ["p0.png", "p1.png"])
        // PNG originals lose their text, time and EXIF chunks only: these have none.
        #expect(entries[0].bytes == [UInt8](try AlbumPatchTests.png(1)))
        let descriptor = open(sub.path, O_RDONLY)
        defer { close(descriptor) }
        #expect(try ZipReader(descriptor: descriptor).entry(0)?.time == DOSTime(epoch: 1_700_000_000))
        // The root keeps --zip large.
        #expect(try Self.entries(site.appendingPathComponent(Self.zips(in: site)[0])).map(\.name) == ["gps.jpg"])
    }

    @Test("A paged album links its download from its first page only")
    func pagedAlbum() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        var options = Self.options(album, folder.file("site"))
        options.photosPerPage = 1
        _ = try Site.build(options)
        let first = try String(contentsOf: folder.file("site/sub/index.html"), encoding: .utf8)
        let second = try String(contentsOf: folder.file("site/sub/page2.html"), encoding: .utf8)
        #expect(first.contains(#"class="download""#) && first.contains("Download 2 photos as a ZIP"))
        #expect(!second.contains(#"class="download""#))
    }

    @Test("album.json \"zip\" takes large, originals or false, and nothing else")
    func albumConfigValues() throws {
        #expect(try AlbumConfig.parse(Data(#"{"zip": "originals"}"#.utf8), displayPath: "a").zip == .originals)
        #expect(try AlbumConfig.parse(Data(#"{"zip": false}"#.utf8), displayPath: "a").zip == .off)
        #expect(throws: BuildError.self) { try AlbumConfig.parse(Data(#"{"zip": "small"}"#.utf8), displayPath: "a") }
        #expect(AlbumDownloads.safeName("../x/y") == ".._x_y" && AlbumDownloads.safeName("..") == "_")
        var names = UniqueNames()
        #expect(["a.jpg", "A.jpg", "a.jpg"].map { names.unique($0) } == ["a.jpg", "A (2).jpg", "a (3).jpg"])
    }
}

/// `--zip` and `--no-zip` on the command line and `"zip"` in `cascade.json`.
@Suite("The zip option")
struct ZipOptionTests {
    static func zip(_ words: [String]) throws -> AlbumZip? {
        try BuildSettings.parse(commandLine: words, command: "build").settings.value("zip")
    }

    @Test("--zip large, --zip=originals and --no-zip set the option; a bad value or a value after --no-zip does not")
    func commandLine() throws {
        #expect(try Self.zip(["--zip", "large"]) == .large)
        #expect(try Self.zip(["--zip=originals"]) == .originals)
        #expect(try Self.zip(["--no-zip"]) == .off)
        #expect(try Self.zip([]) == nil)
        #expect(throws: OptionProblem.self) { try Self.zip(["--zip", "small"]) }
        #expect(throws: OptionProblem.self) { try Self.zip(["--no-zip=large"]) }
        #expect(throws: OptionProblem.self) { try Self.zip(["--zip", "large", "--no-zip"]) }
    }

    @Test("cascade.json \"zip\": false turns it off; \"small\" is an error naming the values")
    func settingsFile() throws {
        #expect(try BuildSettings.parse(Array(#"{"zip": false}"#.utf8), displayPath: "c.json").value("zip") == AlbumZip.off)
        #expect(throws: BuildError.self) { try BuildSettings.parse(Array(#"{"zip": "small"}"#.utf8), displayPath: "c.json") }
    }
}
