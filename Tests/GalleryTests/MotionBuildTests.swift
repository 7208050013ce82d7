import Foundation
import ImageHeaders
import Testing
@testable import Gallery

/// Pictures that move, through a whole build with the real ffmpeg: animated
/// GIF, APNG and WebP (its frames decoded by libwebp) as a muted looping MP4
/// (and WebM) over their first frame, Live Photos (a still and a MOV of
/// one name) as one item with a badge, unless their content identifiers differ.
@Suite(.enabled(if: hasFFmpeg, "needs ffmpeg on PATH"))
struct MotionBuildTests {
    static let fixtures = Repo.root.appendingPathComponent("Tests/GalleryTests/Fixtures/motion")
    /// Whether this ffmpeg makes the WebM beside the MP4 (it has libvpx-vp9).
    static let makesWebM = VideoTool.find(searchPath: ProcessInfo.processInfo.environment["PATH"])?.encodes("libvpx-vp9") == true

    static func album(_ names: [String], in folder: String = "") throws -> TemporaryFolder {
        let album = TemporaryFolder()
        for name in names {
            try album.write(folder.isEmpty ? name : folder + "/" + name, Data(contentsOf: fixtures.appendingPathComponent(name)))
        }
        return album
    }

    static func build(_ album: URL, _ out: URL, originals: OriginalsPolicy = .none) throws -> BuildReport {
        var options = BuildOptions(album: album, output: out, templates: Repo.templates)
        options.originals = originals
        return try Site.build(options)
    }

    /// ffprobe's `codec_type=…` lines and format tags for `file`, or nil without ffprobe.
    static func probe(_ file: URL) throws -> String? {
        guard let tool = VideoTool.executable("ffprobe", searchPath: ProcessInfo.processInfo.environment["PATH"]) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-v", "error", "-show_entries", "stream=codec_type,codec_name,pix_fmt,width,height,nb_frames:format_tags",
                             "-of", "flat", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func animatedGIFAndAPNGPlayAsAMutedLoopingClipOverTheirFirstFrame() throws {
        let album = try Self.album(["anim.gif", "anim.png", "anim.webp"]), out = TemporaryFolder()
        let report = try Self.build(album.url, out.url)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.photos.count == 3 && report.videosPublished == 0)
        for photo in report.photos {
            #expect(photo.header.isAnimated, "\(photo.fileName)")
            let motion = try #require(photo.motion, "\(photo.fileName)")
            #expect(motion.path.hasSuffix("-motion.mp4"))
            let clip = out.file(motion.path)
            #expect(FileManager.default.fileExists(atPath: clip.path))
            if let probed = try Self.probe(clip) {
                #expect(probed.contains("codec_type=\"video\"") && probed.contains("codec_name=\"h264\""), "\(probed)")
                #expect(probed.contains("pix_fmt=\"yuv420p\"") && probed.contains("width=32") && probed.contains("height=22"))
                #expect(!probed.contains("audio"), "a motion clip is silent: \(probed)")
                // Each frame once, for as long as the source shows it: not repeated to a fixed rate
                // (a WebP's last frame is listed twice for ffmpeg's concat reader, which gives it its duration).
                let frames = photo.header.format == .webp ? 3 : 2
                #expect(probed.contains("nb_frames=\"\(frames)\""), "\(probed)")
            }
            if Self.makesWebM {
                let webm = try #require(photo.motionWebM)
                #expect(webm.path == motion.path.replacingOccurrences(of: ".mp4", with: ".webm"))
                #expect(FileManager.default.fileExists(atPath: out.file(webm.path).path))
                if let probed = try Self.probe(out.file(webm.path)) {
                    #expect(probed.contains("codec_name=\"vp9\"") && !probed.contains("audio"), "\(probed)")
                }
            } else {
                #expect(photo.motionWebM == nil)
            }
            let poster = try #require(photo.renditions.last)
            let pages = try FileManager.default.contentsOfDirectory(atPath: out.url.path).filter { $0.hasSuffix(".html") }
            let page = try pages.map { try String(contentsOf: out.file($0), encoding: .utf8) }
                .first { $0.contains(motion.path) && $0.contains("<video") }
            let text = try #require(page, "\(photo.fileName)")
            #expect(text.contains("<video class=\"motion\" autoplay=\"\" loop=\"\" muted=\"\" playsinline=\"\" poster=\"\(poster.path)\" "
                + "width=\"31\" height=\"21\" style=\"--pw:31px;--pr:31 / 21\""))
            #expect(text.contains("<source src=\"\(motion.path)\" type=\"video/mp4\" />"))
            if let webm = photo.motionWebM {
                #expect(text.contains("<source src=\"\(motion.path)\" type=\"video/mp4\" />\n<source src=\"\(webm.path)\" type=\"video/webm\" />"))
            }
        }
        let index = try String(contentsOf: out.file("index.html"), encoding: .utf8)
        #expect(index.components(separatedBy: "data-motion-kind=\"animation\"").count == 4)
        // A rebuild finds the clips there: ffmpeg is not run again.
        try Data("{\"title\": \"Moving\"}".utf8).write(to: album.file("album.json"))
        let second = try Self.build(album.url, out.url)
        #expect(second.videoToolRuns == 0 && second.photos.filter { $0.motion != nil }.count == 3)
    }

    @Test func aLivePhotoIsOneItemWithABadgeAndASilentClip() throws {
        let names = ["IMG_0001.JPG", "IMG_0001.MOV", "IMG_0003.JPG", "IMG_0003.MOV"]
        let album = try Self.album(names), out = TemporaryFolder()
        let report = try Self.build(album.url, out.url)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.photos.map(\.fileName) == ["IMG_0001.JPG", "IMG_0003.JPG"])
        #expect(report.videosPublished == 0)
        for photo in report.photos {
            #expect(photo.isLivePhoto && photo.liveVideo == photo.title + ".MOV")
            let motion = try #require(photo.motion)
            if let probed = try Self.probe(out.file(motion.path)) {
                #expect(!probed.contains("audio") && !probed.contains("location") && !probed.contains("identifier"), "\(probed)")
            }
            let page = try String(contentsOf: out.file(photo.title + ".html"), encoding: .utf8)
            #expect(page.contains("<div class=\"live-photo\""))
            #expect(page.contains("<video class=\"live-clip\" muted=\"\" playsinline=\"\" preload=\"none\""))
            #expect(page.contains("<a class=\"live-badge\" href=\"\(motion.path)\">Live</a>"))
        }
        let index = try String(contentsOf: out.file("index.html"), encoding: .utf8)
        #expect(index.components(separatedBy: "class=\"tile tile-live\"").count == 3)
        #expect(index.components(separatedBy: "<span class=\"live-badge\">Live</span>").count == 3)
        #expect(!FileManager.default.fileExists(atPath: out.file("IMG_0001-2.html").path))
        // The source MOV carries a location; nothing published does.
        #expect(MetadataAudit.run(out.url.path) { _ in } == 0)
    }

    @Test func aMovieWithAnotherContentIdentifierStaysAVideo() throws {
        let album = try Self.album(["IMG_0002.JPG", "IMG_0002.MOV"]), out = TemporaryFolder()
        let report = try Self.build(album.url, out.url)
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(report.photos.map(\.fileName).sorted() == ["IMG_0002.JPG", "IMG_0002.MOV"])
        #expect(report.videosPublished == 1 && report.photos.allSatisfy { !$0.isLivePhoto && $0.motion == nil })
    }

    @Test func originalsOfAnimationsArePublishedWithoutTheirMetadata() throws {
        let album = try Self.album(["anim.gif", "anim.png", "anim.webp"]), out = TemporaryFolder()
        let report = try Self.build(album.url, out.url, originals: .stripped)
        #expect(report.warnings.isEmpty && report.notices.isEmpty, "\(report.warnings) \(report.notices)")
        for name in ["anim.gif", "anim.png", "anim.webp"] {
            let published = try [UInt8](Data(contentsOf: out.file("photos/" + name)))
            #expect(try ImageHeader.read(from: published).isAnimated, "\(name) still moves")
            #expect(!String(decoding: published, as: UTF8.self).contains("private comment"), "\(name)")
            #expect(try ImageHeader.read(from: published).metadata?.make == nil, "\(name)")
        }
    }

    /// A movie added beside a photo in an album a rebuild reads anew, then removed:
    /// each rebuild writes what a cold build writes, carried Live Photo covers included.
    @Test func aMovieAddedAndRemovedBesideAPhotoRebuildsAsACold() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        // `c`, a Live Photo carried while `a` changes, is the cover of its card on the home page, rendered again.
        for (path, name) in [("a", "IMG_0003.JPG"), ("b", "anim.gif"), ("c", "IMG_0001.JPG"), ("c", "IMG_0001.MOV")] {
            try FileManager.default.createDirectory(at: album.appendingPathComponent(path), withIntermediateDirectories: true)
            try Data(contentsOf: Self.fixtures.appendingPathComponent(name)).write(to: album.appendingPathComponent(path + "/" + name))
        }
        let site = folder.file("site")
        _ = try Self.build(album, site)
        let movie = album.appendingPathComponent("a/IMG_0003.MOV")
        let steps: [(String, () throws -> Void)] = [
            ("added", { try Data(contentsOf: Self.fixtures.appendingPathComponent("IMG_0003.MOV")).write(to: movie) }),
            ("removed", { try FileManager.default.removeItem(at: movie) }),
        ]
        for (number, (name, apply)) in steps.enumerated() {
            try apply()
            let report = try Self.build(album, site)
            let cold = folder.file("cold-\(number)")
            _ = try Self.build(album, cold)
            #expect(report.albumsCarried > 0, "the movie \(name): album b carried")
            #expect(try snapshot(site) == snapshot(cold), "the movie \(name)")
            #expect(report.photos.contains { $0.isLivePhoto } == (name == "added"))
        }
    }
}

/// Without ffmpeg, or with `--no-video`: the still is published, with one
/// warning for them all (none when videos were turned off on purpose).
@Suite struct MotionWithoutFFmpegTests {
    @Test func stillsWithOneWarning() throws {
        let album = try MotionBuildTests.album(["anim.gif", "anim.png", "IMG_0001.JPG", "IMG_0001.MOV"]), out = TemporaryFolder()
        var options = BuildOptions(album: album.url, output: out.url, templates: Repo.templates)
        options.videos = VideoSettings(searchPath: "/nonexistent")
        let report = try Site.build(options)
        #expect(report.warnings.map(\.reason) == [.motionNeedsFFmpeg(count: 3)])  // anim.gif, anim.png, IMG_0001
        #expect(report.skippedFiles == 0 && report.photos.count == 3 && report.photos.allSatisfy { $0.motion == nil })
        let index = try String(contentsOf: out.file("index.html"), encoding: .utf8)
        #expect(!index.contains("data-motion") && !index.contains("live-badge"))

        options.videos = VideoSettings(publishes: false, searchPath: "/nonexistent")
        let quiet = try Site.build(options)
        #expect(quiet.warnings.isEmpty && quiet.photos.count == 3)
    }

    @Test(arguments: [
        (["IMG_1.HEIC", "IMG_1.MOV"], ["IMG_1.MOV": "IMG_1.HEIC"]),
        (["IMG_1.JPG", "IMG_1.HEIC", "img_1.mov", "IMG_1.mov"], ["IMG_1.mov": "IMG_1.HEIC"]),
        (["a.jpg", "b.mov", "a.mp4"], [:]),
        (["x.png", "x.mov"], [:]),
    ] as [([String], [String: String])])
    func pairsByName(files: [String], pairs: [String: String]) {
        #expect(LivePhotoPairing.candidates(files) == pairs)
    }

    @Test func contentIdentifiersAreRead() throws {
        let stillPath = MotionBuildTests.fixtures.appendingPathComponent("IMG_0001.JPG").path
        let still = try ImageHeader.read(fileAt: stillPath)
        let movie = try ImageHeader.read(fileAt: MotionBuildTests.fixtures.appendingPathComponent("IMG_0001.MOV").path)
        let other = try ImageHeader.read(fileAt: MotionBuildTests.fixtures.appendingPathComponent("IMG_0002.MOV").path)
        // The header notes where the MakerNote lies; the identifier is read from there on demand.
        let stillID = still.metadata?.appleContentIdentifier(fileAt: stillPath)
        #expect(still.metadata?.appleMakerNote != nil && stillID == "5C3A8F2E-LIVE-0001")
        #expect(movie.video?.contentIdentifier == "5C3A8F2E-LIVE-0001")
        #expect(LivePhotoPairing.agree(stillIdentifier: stillID, movie: movie)
            && !LivePhotoPairing.agree(stillIdentifier: stillID, movie: other))
        let plainPath = MotionBuildTests.fixtures.appendingPathComponent("IMG_0003.JPG").path
        let plain = try ImageHeader.read(fileAt: plainPath)
        let plainID = plain.metadata?.appleContentIdentifier(fileAt: plainPath)
        #expect(plain.metadata?.appleMakerNote == nil && plainID == nil
            && LivePhotoPairing.agree(stillIdentifier: plainID, movie: other))
    }

    /// A movie without an identifier pairs by name and length alone: the
    /// still's MakerNote is then never read.
    @Test func theStillIsAskedOnlyWhenTheMovieHasAnIdentifier() {
        var movie = ImageHeader(format: .mov, storedSize: PixelSize(width: 4, height: 3))
        movie.video = VideoInfo(durationSeconds: 3)
        var asked = 0
        let identifier = { () -> String? in asked += 1; return "ID" }
        #expect(LivePhotoPairing.agree(stillIdentifier: identifier(), movie: movie) && asked == 0)
        movie.video?.contentIdentifier = "ID"
        #expect(LivePhotoPairing.agree(stillIdentifier: identifier(), movie: movie) && asked == 1)
    }

    @Test func webpFramesAreListedWithTheirDurations() {
        #expect(MotionFrames.list(durations: [100, 40, 0].map(MotionFrames.duration(milliseconds:)))
            == "ffconcat version 1.0\nfile f000000.png\nduration 0.100\nfile f000001.png\nduration 0.040\n"
            + "file f000002.png\nduration 0.100\nfile f000002.png\n")
    }

    /// Without identifiers the name pairs only a movie as short as a Live Photo's.
    @Test(arguments: [(3.0, true), (10.0, true), (10.5, false), (nil, true)] as [(Double?, Bool)])
    func theNameAlonePairsShortMovies(seconds: Double?, pairs: Bool) {
        var movie = ImageHeader(format: .mov, storedSize: PixelSize(width: 4, height: 3))
        movie.video = VideoInfo(durationSeconds: seconds)
        #expect(LivePhotoPairing.agree(stillIdentifier: nil, movie: movie) == pairs)
        // Agreeing identifiers pair a movie of any length.
        movie.video?.contentIdentifier = "ID"
        #expect(LivePhotoPairing.agree(stillIdentifier: "ID", movie: movie))
    }

    /// `cascade audit` names a movie's recording place, so a clip or video that kept one would be caught.
    @Test func theAuditNamesAMoviesLocation() {
        let located = MetadataAudit.findings(inFileAt: MotionBuildTests.fixtures.appendingPathComponent("IMG_0001.MOV").path)
        #expect(located?.carries == ["QuickTime location"])
        #expect(MetadataAudit.findings(inFileAt: MotionBuildTests.fixtures.appendingPathComponent("IMG_0003.MOV").path) == nil)
    }

    @Test func everyLanguageHasTheLiveBadge() throws {
        for language in ["en", "de", "fr", "es", "ja", "zh"] {
            let url = Repo.templates.appendingPathComponent("strings/\(language).json")
            let strings = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            #expect((strings?["live"] as? String)?.isEmpty == false, "\(language)")
        }
    }
}
