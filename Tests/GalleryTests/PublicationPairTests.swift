import Foundation
import Testing
@testable import Gallery

/// The features that publish what cameras and phones leave — RAW+JPEG pairs,
/// Live Photos, animations, side files — with album downloads on, through
/// rebuilds that carry albums: each step's site equals a cold build's, no
/// warning is printed, and no download holds a companion (a RAW, a Live
/// Photo's movie, an edit file).
@Suite("RAW pairs, Live Photos, animations and downloads together")
struct PublicationPairTests {
    static let hasFFmpeg = VideoTool.find(searchPath: ProcessInfo.processInfo.environment["PATH"]) != nil

    static func copy(_ source: URL, to album: URL, as name: String) throws {
        let target = album.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: source, to: target)
    }

    static func motion(_ name: String) -> URL { MotionBuildTests.fixtures.appendingPathComponent(name) }
    static func raw(_ name: String) -> URL { RawBuildTests.fixtures.appendingPathComponent(name) }

    /// `cam`: a RAW+JPEG pair; `phone`: a Live Photo with its `.AAE`; `moving`:
    /// an animated GIF; the root: a PNG.
    static func library(in folder: TemporaryFolder) throws -> URL {
        let album = folder.file("album")
        try copy(Repo.sampleLibrary.appendingPathComponent("dogs.jpg"), to: album, as: "cam/IMG_1.JPG")
        try copy(raw("dng-developed-orient6.dng"), to: album, as: "cam/IMG_1.DNG")
        try copy(motion("IMG_0001.JPG"), to: album, as: "phone/IMG_0001.JPG")
        try copy(motion("IMG_0001.MOV"), to: album, as: "phone/IMG_0001.MOV")
        try Data("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>\n".utf8)
            .write(to: album.appendingPathComponent("phone/IMG_0001.AAE"))
        try copy(motion("anim.gif"), to: album, as: "moving/anim.gif")
        try AlbumPatchTests.png(1).write(to: album.appendingPathComponent("home.png"))
        return album
    }

    static func build(_ album: URL, _ output: URL) throws -> BuildReport {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.zip = .large
        return try Site.build(options)
    }

    static let steps: [AlbumPatchTests.Step] = [
        .init(name: "a second Live Photo", carries: true) { album in
            try copy(motion("IMG_0002.JPG"), to: album, as: "phone/IMG_0002.JPG")
            try copy(motion("IMG_0002.MOV"), to: album, as: "phone/IMG_0002.MOV")
        },
        .init(name: "the RAW of the pair removed: the JPEG alone", carries: true) { album in
            try FileManager.default.removeItem(at: album.appendingPathComponent("cam/IMG_1.DNG"))
        },
        .init(name: "a lone DNG added", carries: true) { album in
            try copy(raw("dng-preview-orient8.dng"), to: album, as: "cam/IMG_2.DNG")
        },
        .init(name: "a Live Photo's movie removed: a still", carries: true) { album in
            try FileManager.default.removeItem(at: album.appendingPathComponent("phone/IMG_0001.MOV"))
        },
        .init(name: "the animated GIF replaced by an animated WebP", carries: true) { album in
            try FileManager.default.removeItem(at: album.appendingPathComponent("moving/anim.gif"))
            try copy(motion("anim.webp"), to: album, as: "moving/anim.webp")
        },
    ]

    /// Entry names of every album download in `site`, by album folder.
    static func downloads(_ site: URL) throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        for path in try snapshot(site).keys where path.hasSuffix(".zip") {
            let folder = (path as NSString).deletingLastPathComponent
            found[folder, default: []] += try AlbumZipTests.entries(site.appendingPathComponent(path)).map(\.name)
        }
        return found
    }

    @Test("Each rebuild equals a cold build; no warning; downloads hold the photos, never their companions",
          .enabled(if: hasFFmpeg))
    func rebuildsEqualColdBuilds() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        let site = folder.file("site")
        let first = try Self.build(album, site)
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        // The pair is one photo, the Live Photo one item with its clip, the GIF moves.
        #expect(first.publishedPhotos == 4, "\(first.photos.map(\.path))")
        #expect(first.photos.first { $0.path == "phone/IMG_0001.JPG" }?.motion != nil)
        #expect(first.photos.first { $0.path == "moving/anim.gif" }?.motion != nil)
        #expect(try Self.downloads(site)["cam"] == ["IMG_1.jpg"])
        #expect(try Self.downloads(site)["phone"] == ["IMG_0001.jpg"])
        for (number, step) in Self.steps.enumerated() {
            try step.apply(album)
            let report = try Self.build(album, site)
            let coldSite = folder.file("cold-\(number)")
            let cold = try Self.build(album, coldSite)
            #expect(report.warnings.isEmpty && cold.warnings.isEmpty, "after \(step.name): \(report.warnings)")
            #expect(try snapshot(site) == snapshot(coldSite), "after \(step.name)")
            #expect((report.albumsCarried > 0) == step.carries, "after \(step.name): \(report.albumsCarried) carried")
            for (folder, names) in try Self.downloads(site) {
                for name in names {
                    let lower = name.lowercased()
                    #expect(!lower.hasSuffix(".mov") && !lower.hasSuffix(".dng") && !lower.hasSuffix(".aae"),
                            "after \(step.name): \(folder) download holds \(name)")
                }
            }
        }
        #expect(try Self.downloads(site)["phone"] == ["IMG_0001.jpg", "IMG_0002.jpg"])
        #expect(try Self.downloads(site)["cam"] == ["IMG_1.jpg", "IMG_2.jpg"])
    }

    /// The keys of `photos` in `folder/album.json`, in the file's order.
    static func initEntries(_ album: URL, _ folder: String) throws -> [String] {
        let text = try String(contentsOf: album.appendingPathComponent(folder + "/album.json"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), trimmed.contains("\": {}") else { return nil }
            return String(trimmed.dropFirst().prefix { $0 != "\"" })
        }
    }

    @Test("init lists each item once, as a build publishes it: a pair by its JPEG, a Live Photo by its still",
          .enabled(if: hasFFmpeg))
    func initListsItemsNotCompanions() throws {
        let folder = TemporaryFolder()
        let album = try Self.library(in: folder)
        try Self.copy(Self.motion("IMG_0003.MOV"), to: album, as: "phone/clip.MOV")
        _ = try StarterAlbum.create(album: album, theme: Repo.templates)
        #expect(try Self.initEntries(album, "cam") == ["IMG_1.JPG"])
        #expect(try Self.initEntries(album, "phone") == ["clip.MOV", "IMG_0001.JPG"])
        #expect(try Self.initEntries(album, "moving") == ["anim.gif"])
    }
}
