import Foundation
import ImageHeaders
import Testing
@testable import Gallery

/// Whether this machine has ffmpeg on PATH (the video build tests need it).
let hasFFmpeg = VideoTool.find(searchPath: ProcessInfo.processInfo.environment["PATH"]) != nil

/// Videos through a whole build with the real ffmpeg: a tile with
/// a poster at the display size, a page that plays the published file, that
/// file free of metadata, made once and the same bytes every time; without
/// ffmpeg, or with `--no-video`, videos are left out.
@Suite(.enabled(if: hasFFmpeg, "needs ffmpeg on PATH"))
struct VideoBuildTests {
    /// The header tests' clips (`make-videos.sh`) and this suite's own (`make-fixtures.sh`).
    static let clips = Repo.root.appendingPathComponent("Tests/ImageHeadersTests/Fixtures/video")
    static let ownClips = Repo.root.appendingPathComponent("Tests/GalleryTests/Fixtures/video")
    /// Each clip, its display size and the container it is published in.
    static let expected: [String: (width: Int, height: Int, container: String)] = [
        "h264-aac.mp4": (64, 36, "mp4"), "portrait.mp4": (36, 64, "mp4"), "iphone-hevc.mov": (36, 64, "mp4"),
        "upside-down.mp4": (48, 32, "mp4"), "vp9-opus.webm": (64, 36, "webm"), "anamorphic.mkv": (64, 36, "mp4"),
        "located-h264.mov": (64, 36, "mp4"), "widescreen.avi": (64, 36, "mp4"), "theora.ogv": (64, 36, "mp4"),
        "high10.mp4": (64, 36, "mp4"),
    ]

    static func album(_ names: [String] = Array(expected.keys).sorted()) throws -> TemporaryFolder {
        let album = TemporaryFolder()
        for name in names {
            let folder = FileManager.default.fileExists(atPath: clips.appendingPathComponent(name).path) ? clips : ownClips
            try album.write(name, Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return album
    }

    static func build(_ album: TemporaryFolder, _ out: TemporaryFolder, strict: Bool = false,
                      videos: VideoSettings = VideoSettings()) throws -> BuildReport {
        var options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates, strict: strict)
        options.videos = videos
        return try Site.build(options)
    }

    @Test func videosBecomeTilesWithAPosterAtTheirDisplaySize() throws {
        let album = try Self.album(), out = TemporaryFolder()
        let report = try Self.build(album, out)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.videosPublished == Self.expected.count && report.videosSkipped == 0)
        #expect(report.photos.count == Self.expected.count)
        let index = try String(contentsOf: out.file("index.html"), encoding: .utf8)
        for photo in report.photos {
            let want = try #require(Self.expected[photo.fileName])
            #expect(photo.displayWidth == want.width && photo.displayHeight == want.height, "\(photo.fileName)")
            let video = try #require(photo.video, "\(photo.fileName)")
            #expect(video.path.hasSuffix("-video." + want.container), "\(video.path)")
            #expect(FileManager.default.fileExists(atPath: out.file(video.path).path))
            // The poster's renditions have the display size: the rotated clips turned once, by ffmpeg.
            let largest = try #require(photo.renditions.last)
            let header = try ImageHeader.read(fileAt: out.file(largest.path).path)
            #expect(header.displaySize == PixelSize(width: want.width, height: want.height), "\(photo.fileName)")
            #expect(largest.width == want.width && largest.height == want.height)
            // Its page plays it in a box sized before a byte arrives, never smaller than the player needs.
            let slug = (photo.fileName as NSString).deletingPathExtension
            let page = try String(contentsOf: out.file(slug + ".html"), encoding: .utf8)
            let box = PageModel.videoBox(width: want.width, height: want.height)
            #expect(page.contains("<video controls=\"\" playsinline=\"\" preload=\"none\" poster=\"\(largest.path)\" "
                + "width=\"\(box.width)\" height=\"\(box.height)\" style=\"--pw:\(box.width)px;--pr:\(box.width) / \(box.height)\""),
                "\(slug)")
            #expect(page.contains("<source src=\"\(video.path)\" type=\"video/\(want.container)\" />"))
            #expect(index.contains("class=\"tile tile-video\" id=\"p-\(slug)\""))
        }
        // ffmpeg wrote the published files under temporary names, all renamed into place.
        let left = try FileManager.default.contentsOfDirectory(atPath: out.file("renditions").path)
        #expect(!left.contains { $0.hasPrefix(".cascade-tmp") }, "\(left)")
        let css = try String(contentsOf: out.file("style.css"), encoding: .utf8)
        #expect(css.contains(".tile-video::after"))
    }

    @Test func aSecondBuildRunsFFmpegZeroTimes() throws {
        let album = try Self.album(["portrait.mp4", "iphone-hevc.mov"]), out = TemporaryFolder()
        let first = try Self.build(album, out)
        // Per video: one poster run and one publish run.
        #expect(first.videoToolRuns == 4 && first.videosPublished == 2)
        let second = try Self.build(album, out)
        #expect(second.videoToolRuns == 0 && second.renditionsMade == 0 && second.videosPublished == 2)
        #expect(second.filesRemoved == 0)
    }

    /// A shard makes the posters' renditions; the build after it takes them
    /// and runs ffmpeg only to publish the video file.
    @Test func aShardMakesThePosterAndTheBuildAfterItPublishesTheFile() throws {
        let album = try Self.album(["portrait.mp4"]), out = TemporaryFolder()
        var options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates,
                                   shard: Shard(index: 1, count: 1))
        let shard = try Site.build(options)
        #expect(shard.warnings.isEmpty && shard.videoToolRuns == 1 && shard.renditionsMade > 0)
        options.shard = nil
        let build = try Site.build(options)
        #expect(build.warnings.isEmpty, "\(build.warnings)")
        #expect(build.renditionsMade == 0 && build.videoToolRuns == 1 && build.videosPublished == 1)
        #expect(build.jsonSummary.contains("\"videos\":{\"published\":1,\"skipped\":0}"))
        let video = try #require(build.photos.first?.video)
        #expect(FileManager.default.fileExists(atPath: out.file(video.path).path))
    }

    @Test func twoBuildsPublishTheSameBytes() throws {
        let album = try Self.album(["h264-aac.mp4", "iphone-hevc.mov", "vp9-opus.webm", "anamorphic.mkv"])
        let one = TemporaryFolder(), two = TemporaryFolder()
        let first = try Self.build(album, one), second = try Self.build(album, two)
        #expect(first.photos.compactMap(\.video) == second.photos.compactMap(\.video))
        let names = try FileManager.default.contentsOfDirectory(atPath: one.file("renditions").path).sorted()
        #expect(names.filter { $0.contains("-video.") }.count == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: two.file("renditions").path).sorted() == names)
        for name in names {
            let a = try Data(contentsOf: one.file("renditions/" + name)), b = try Data(contentsOf: two.file("renditions/" + name))
            #expect(a == b, "\(name)")
        }
    }

    /// The location, creation date and device are not published, whether the
    /// file is remuxed (H.264 QuickTime) or transcoded (HEVC).
    @Test(arguments: ["located-h264.mov", "iphone-hevc.mov"])
    func noLocationIsPublished(name: String) throws {
        let source = try Data(contentsOf: (name.hasPrefix("located") ? Self.ownClips : Self.clips).appendingPathComponent(name))
        #expect(source.range(of: Data([0xA9, 0x78, 0x79, 0x7A])) != nil, "the fixture carries ©xyz")
        #expect(try ImageHeader.read(fileAt: (name.hasPrefix("located") ? Self.ownClips : Self.clips)
            .appendingPathComponent(name).path).video?.hasLocation == true)
        let album = try Self.album([name]), out = TemporaryFolder()
        let report = try Self.build(album, out)
        #expect(report.privacyFindings.isEmpty, "\(report.privacyFindings)")
        let video = try #require(report.photos.first?.video)
        let published = try Data(contentsOf: out.file(video.path))
        #expect(published.range(of: Data([0xA9, 0x78, 0x79, 0x7A])) == nil)
        #expect(published.range(of: Data("+48.85".utf8)) == nil)
        #expect(published.range(of: Data("location".utf8)) == nil)
        #expect(published.range(of: Data("Lavf".utf8)) == nil, "no encoder version: bitexact")
        let header = try ImageHeader.read(fileAt: out.file(video.path).path)
        #expect(header.video?.hasLocation == false)
        #expect(header.displaySize == PixelSize(width: report.photos[0].displayWidth, height: report.photos[0].displayHeight))
    }

    @Test func withoutFFmpegVideosAreLeftOutWithOneWarning() throws {
        let album = try Self.album(["portrait.mp4", "vp9-opus.webm"]), out = TemporaryFolder()
        try album.write("photo.jpg", Data(contentsOf: Repo.samplePhotoPaths[0].1))
        let report = try Self.build(album, out, videos: VideoSettings(searchPath: "/nonexistent"))
        #expect(report.warnings.map(\.reason) == [.videosNeedFFmpeg(count: 2)])
        #expect(report.warnings[0].description.hasPrefix("2 videos left out: ffmpeg was not found on PATH"))
        #expect(report.photos.map(\.fileName) == ["photo.jpg"])
        #expect(report.videosPublished == 0 && report.videosSkipped == 2 && report.videoToolRuns == 0)
        #expect(report.jsonSummary.contains("\"videos\":{\"published\":0,\"skipped\":2}"))
        #expect(report.skippedFiles == 2)
        #expect(throws: BuildError.strictWarnings(count: 2)) {
            try Self.build(album, TemporaryFolder(), strict: true, videos: VideoSettings(searchPath: "/nonexistent"))
        }
    }

    @Test func noVideoLeavesVideosOutWithoutAWarning() throws {
        let album = try Self.album(["portrait.mp4"]), out = TemporaryFolder()
        try album.write("photo.jpg", Data(contentsOf: Repo.samplePhotoPaths[0].1))
        let report = try Self.build(album, out, strict: true, videos: VideoSettings(publishes: false))
        #expect(report.warnings.isEmpty && report.videoToolRuns == 0)
        #expect(report.photos.map(\.fileName) == ["photo.jpg"])
        #expect(report.jsonSummary.contains("\"videos\":{\"published\":0,\"skipped\":1}"))
    }

    /// A clip whose header reads but whose pictures do not decode: named in
    /// a warning, the rest of the album built; under `--strict` the build fails.
    @Test func aCorruptVideoIsAWarningNamingIt() throws {
        let album = try Self.album(["h264-aac.mp4"]), out = TemporaryFolder()
        try album.write("corrupt.mp4", Self.zeroedMediaData(Data(contentsOf: Self.clips.appendingPathComponent("portrait.mp4"))))
        let report = try Self.build(album, out)
        #expect(report.photos.map(\.fileName) == ["h264-aac.mp4"])
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first)
        #expect(warning.path.hasSuffix("corrupt.mp4"))
        guard case .videoNotPublished(.failed) = warning.reason else {
            Issue.record("\(warning)")
            return
        }
        #expect(report.videosPublished == 1 && report.videosSkipped == 1)
        #expect(throws: BuildError.strictWarnings(count: 1)) { try Self.build(album, TemporaryFolder(), strict: true) }
    }

    /// The clip with its `mdat` payload zeroed: the header (moov first) is intact.
    static func zeroedMediaData(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8 else { break }
            if bytes[offset + 4..<offset + 8].elementsEqual("mdat".utf8) {
                for index in offset + 8..<min(bytes.count, offset + size) { bytes[index] = 0 }
                break
            }
            offset += size
        }
        return Data(bytes)
    }
}
