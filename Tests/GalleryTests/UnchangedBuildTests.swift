import Foundation
import CFileAttributes
import Glibc
@testable import Gallery
import Testing

/// A rebuild with nothing changed stops after stamping its inputs and the
/// output folder (an attribute of the folder, `user.cascade.unchanged`); any change to what a build reads or
/// to what it wrote makes it a full build again, which repairs the site.
@Suite("Unchanged builds")
struct UnchangedBuildTests {
    /// One way to change what a build depends on, applied between two builds.
    struct Change: Sendable, CustomStringConvertible {
        var description: String
        /// Changes the album, the output folder, the theme or the options.
        var apply: @Sendable (_ album: URL, _ site: URL, _ theme: URL, _ options: inout BuildOptions) throws -> Void
    }

    static let changes: [Change] = [
        Change(description: "a photo touched") { album, _, _, _ in
            let photo = try firstPhoto(in: album)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                                  ofItemAtPath: photo.path)
        },
        Change(description: "a photo added") { album, _, _, _ in
            try FileManager.default.copyItem(at: try firstPhoto(in: album), to: album.appendingPathComponent("zz-copy.jpg"))
        },
        Change(description: "a photo removed") { album, _, _, _ in
            try FileManager.default.removeItem(at: try firstPhoto(in: album))
        },
        Change(description: "album.json written") { album, _, _, _ in
            try Data(#"{"title": "Another title"}"#.utf8).write(to: album.appendingPathComponent("album.json"))
        },
        Change(description: "a hidden sidecar added") { album, _, _, _ in
            let name = try firstPhoto(in: album).lastPathComponent
            try Data("[\(name)]\ncaption=Hello\n".utf8).write(to: album.appendingPathComponent(".picasa.ini"))
        },
        Change(description: "a page edited in the output") { _, site, _, _ in
            let page = site.appendingPathComponent("index.html")
            try (try Data(contentsOf: page) + Data("<!-- x -->".utf8)).write(to: page)
        },
        Change(description: "a rendition deleted") { _, site, _, _ in
            let renditions = site.appendingPathComponent("renditions")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: renditions.path).sorted().first)
            try FileManager.default.removeItem(at: renditions.appendingPathComponent(name))
        },
        Change(description: "the stylesheet deleted") { _, site, _, _ in
            try FileManager.default.removeItem(at: site.appendingPathComponent("style.css"))
        },
        Change(description: "a template edited") { _, _, theme, _ in
            let layout = theme.appendingPathComponent("layout.mustache")
            try (try Data(contentsOf: layout) + Data("\n".utf8)).write(to: layout)
        },
        Change(description: "the title option") { _, _, _, options in options.title = "Elsewhere" },
        Change(description: "SOURCE_DATE_EPOCH") { _, _, _, options in options.sourceDateEpoch = 1_700_000_000 },
        Change(description: "the JPEG quality") { _, _, _, options in options.renditions.quality = 70 },
    ]

    static func firstPhoto(in album: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: album.path).filter { $0.hasSuffix(".jpg") }.sorted()
        return album.appendingPathComponent(try #require(names.first))
    }

    /// Six sample photos in `folder/album`, built once into `folder/site`.
    static func built(in folder: TemporaryFolder) throws -> (album: URL, options: BuildOptions) {
        let album = try MarkupVerdictsTests.album(in: folder)
        let options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        try Site.build(options)
        return (album, options)
    }

    static func stoppedEarly(_ report: BuildReport) -> Bool { report.stages.map(\.name) == ["unchanged"] }

    /// The site's files.
    static func pages(_ site: URL) throws -> [String: Data] { try snapshot(site) }

    @Test("A rebuild with nothing changed stops early and reports what the full build did")
    func nothingChanged() throws {
        let folder = TemporaryFolder()
        let album = try MarkupVerdictsTests.album(in: folder)
        let options = BuildOptions(album: album, output: folder.file("site"), templates: Repo.templates)
        let full = try Site.build(options)
        #expect(!Self.stoppedEarly(full))
        let before = try snapshot(folder.file("site"))
        let again = try Site.build(options)
        #expect(Self.stoppedEarly(again))
        #expect(again.publishedPhotos == full.photos.count && again.publishedPhotos == 6)
        #expect(again.albums == full.albums && again.pages == full.pages)
        #expect(again.renditionsKept == full.renditionsMade + full.renditionsKept && again.renditionsMade == 0)
        #expect(again.jsonSummary.contains("\"photos\":6,"))
        #expect(try snapshot(folder.file("site")) == before)
    }

    @Test("Any change to what a build reads or wrote makes it a full build, which gives the cold build's site",
          arguments: changes)
    func changeRebuilds(_ change: Change) throws {
        let folder = TemporaryFolder()
        let album = try MarkupVerdictsTests.album(in: folder)
        let theme = try MarkupVerdictsTests.theme(in: folder)
        var options = BuildOptions(album: album, output: folder.file("site"), templates: theme)
        try Site.build(options)
        #expect(Self.stoppedEarly(try Site.build(options)))
        try change.apply(album, folder.file("site"), theme, &options)
        let rebuilt = try Site.build(options)
        #expect(!Self.stoppedEarly(rebuilt))
        var cold = options
        cold.output = folder.file("cold")
        try Site.build(cold)
        #expect(try Self.pages(folder.file("site")) == Self.pages(folder.file("cold")))
        // And the repaired site is stamped again.
        #expect(Self.stoppedEarly(try Site.build(options)))
    }

    @Test("A build with a skipped file leaves no stamp, so its warning is printed by every build")
    func warningsAreNotReplayed() throws {
        let folder = TemporaryFolder()
        let (album, options) = try Self.built(in: folder)
        #expect(BuildSnapshot.load(from: folder.file("site")) != nil)
        try Data("not a jpeg".utf8).write(to: album.appendingPathComponent("broken.jpg"))
        for _ in 0..<2 {
            let report = try Site.build(options)
            #expect(report.warnings.map(\.path).contains { $0.hasSuffix("broken.jpg") })
            #expect(!Self.stoppedEarly(report))
            #expect(BuildSnapshot.load(from: folder.file("site")) == nil)
        }
    }

    /// `text` as the older format had it: its header, and the key and stamps
    /// 32 hex digits (the old 128-bit hash).
    static func olderSnapshot(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let parts = line.split(separator: " ", maxSplits: 1)
            let digits = parts.count == 2 ? parts[1].prefix { $0.isHexDigit } : ""
            if line == "cascade-unchanged 2" {
                lines.append("cascade-unchanged 1")
            } else if digits.count == 64 {
                lines.append(String(parts[0]) + " " + String(digits.prefix(32)) + String(parts[1].dropFirst(64)))
            } else {
                lines.append(String(line))
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test("A damaged stamp file is no stamp")
    func damagedStamp() throws {
        let folder = TemporaryFolder()
        let options = try Self.built(in: folder).options
        let site = folder.file("site")
        let text = try #require(BuildSnapshot.load(from: site)).text
        #expect(BuildSnapshot(text: text)?.text == text)
        for damaged in ["", text.replacingOccurrences(of: "photos 6", with: "photos x"), String(text.dropLast()),
                        text.replacingOccurrences(of: "cascade-unchanged 2", with: "cascade-unchanged 3"),
                        Self.olderSnapshot(text)] {
            let bytes = Array(damaged.utf8)
            #expect(setxattr(site.path, BuildSnapshot.attribute, bytes, bytes.count, 0) == 0)
            #expect(!Self.stoppedEarly(try Site.build(options)), "\(damaged.debugDescription)")
        }
    }

    @Test("The tree stamp sees every entry, a rename and hidden folders only when asked; a missing folder has none")
    func treeStamp() throws {
        let folder = TemporaryFolder()
        try folder.write("a/one.txt", Data("1".utf8))
        try folder.write("a/b/two.txt", Data("2".utf8))
        let root = folder.file("a").path
        let first = try #require(TreeStamp.of(path: root, entersHiddenFolders: false))
        #expect(first.count == 3)
        #expect(TreeStamp.of(path: root, entersHiddenFolders: false) == first)
        try folder.write("a/.hidden/inside.txt", Data("3".utf8))
        let hidden = try #require(TreeStamp.of(path: root, entersHiddenFolders: false))
        #expect(hidden.count == 4 && hidden != first)
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true)?.count == 5)
        try FileManager.default.moveItem(atPath: root + "/b/two.txt", toPath: root + "/b/three.txt")
        #expect(TreeStamp.of(path: root, entersHiddenFolders: false) != hidden)
        #expect(TreeStamp.of(path: folder.file("missing").path, entersHiddenFolders: false) == nil)
    }
}
