import Foundation
import Testing
import Thumbnails
@testable import Gallery

/// Files cut short (issue 28) are named in a warning and left out like a
/// corrupt photo, and fail the build under `--strict`: an animated GIF that
/// ends after its first frame (which alone would decode).
struct CutShortBuildTests {
    static let animatedGIF = Repo.root.appendingPathComponent("Tests/ThumbnailsTests/Fixtures/formats/gif-animated.gif")

    /// The GIF's bytes up to the end of its first frame (its LZW data's block
    /// terminator): no second frame, no trailer.
    static func gifCutAfterFirstFrame() throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: animatedGIF))
        var index = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        func skipSubBlocks() { while bytes[index] != 0 { index += Int(bytes[index]) + 1 }; index += 1 }
        while bytes[index] == 0x21 { index += 2; skipSubBlocks() }
        precondition(bytes[index] == 0x2C, "an image descriptor")
        index += 10 + (bytes[index + 9] & 0x80 != 0 ? 3 << (Int(bytes[index + 9] & 7) + 1) : 0) + 1
        skipSubBlocks()
        return Data(bytes[..<index])
    }

    @Test func aGIFCutAfterItsFirstFrameIsAWarningNamingIt() throws {
        let album = TemporaryFolder(), out = TemporaryFolder()
        try album.write("whole.gif", Data(contentsOf: Self.animatedGIF))
        try album.write("cut.gif", Self.gifCutAfterFirstFrame())
        let report = try Site.build(BuildOptions(album: album.url, output: out.url, templates: Repo.templates))
        #expect(report.photos.map(\.fileName) == ["whole.gif"])
        #expect(report.warnings.count == 1)
        let warning = try #require(report.warnings.first)
        #expect(warning.path.hasSuffix("cut.gif"))
        guard case .notRendered(let error) = warning.reason else {
            Issue.record("\(warning)")
            return
        }
        #expect(error.reason == .corrupt(format: .gif, reason: "the file ends after 1 frame, before the GIF trailer (cut short)"))
        #expect(warning.description.hasSuffix("cut.gif': corrupt GIF data: the file ends after 1 frame, before the GIF trailer (cut short)"),
                "\(warning)")
        #expect(throws: BuildError.strictWarnings(count: 1)) {
            try Site.build(BuildOptions(album: album.url, output: TemporaryFolder().url, templates: Repo.templates, strict: true))
        }
    }
}

/// Videos cut short (issue 28): the first half of a VP9 WebM, the first
/// 20 KB of an Ogg Theora clip and half an MP4 written index first are
/// named in a warning and left out before ffmpeg runs on them (it would
/// make a poster and publish the part that is there without a word).
@Suite(.enabled(if: hasFFmpeg, "needs ffmpeg on PATH"))
struct CutShortVideoBuildTests {
    /// A clip of `seconds` of ffmpeg's test picture and tone, made with `codecs`.
    static func clip(_ seconds: Int, _ codecs: [String], into url: URL) throws {
        let ffmpeg = try #require(VideoTool.find(searchPath: ProcessInfo.processInfo.environment["PATH"]))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg.executable)
        process.arguments = ["-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=64x36:rate=10",
                             "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000", "-t", "\(seconds)"] + codecs + [url.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg could not make \(url.lastPathComponent)")
    }

    /// A clip as made, how much of it is kept (nil: the first half), and what runs past the end.
    struct Cut: Sendable {
        var name: String
        var seconds: Int
        var codecs: [String]
        var kept: Int?
        var part: String

        func keptBytes(of count: Int) -> Int { kept ?? count / 2 }
    }

    static let cuts = [
        Cut(name: "half.webm", seconds: 3, codecs: ["-c:v", "libvpx-vp9", "-b:v", "50k", "-c:a", "libopus", "-b:a", "16k", "-ar", "48000"],
            part: "Matroska Segment"),
        Cut(name: "first-20k.ogv", seconds: 8, codecs: ["-c:v", "libtheora", "-c:a", "libvorbis"], kept: 20_000, part: "Ogg page"),
        Cut(name: "half.mp4", seconds: 3, codecs: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart"],
            part: "'mdat' box"),
    ]

    @Test func aCutVideoIsAWarningNamingItAndFFmpegNeverRunsOnIt() throws {
        let album = TemporaryFolder(), out = TemporaryFolder(), scratch = TemporaryFolder()
        try album.write("whole.webm", Data(contentsOf: VideoBuildTests.clips.appendingPathComponent("vp9-opus.webm")))
        for cut in Self.cuts {
            try Self.clip(cut.seconds, cut.codecs, into: scratch.file(cut.name))
            let bytes = try Data(contentsOf: scratch.file(cut.name))
            #expect(cut.keptBytes(of: bytes.count) < bytes.count, "\(cut.name) is \(bytes.count) bytes")
            try album.write(cut.name, bytes.prefix(cut.keptBytes(of: bytes.count)))
        }
        let report = try VideoBuildTests.build(album, out)
        #expect(report.photos.map(\.fileName) == ["whole.webm"])
        #expect(report.videosPublished == 1 && report.videosSkipped == 3)
        // One poster run and one publish run, both for the whole clip.
        #expect(report.videoToolRuns == 2)
        #expect(report.warnings.count == 3, "\(report.warnings)")
        for cut in Self.cuts {
            let warning = try #require(report.warnings.first { $0.path.hasSuffix(cut.name) }, "\(cut.name)")
            guard case .videoNotPublished(.cutShort(let found)) = warning.reason,
                  case .runsPastEnd(let part, _, _) = found.reason else {
                Issue.record("\(warning)")
                continue
            }
            #expect(part == cut.part, "\(cut.name)")
            #expect(warning.description.contains("\(cut.name)': a video that cannot be published: cut short: its \(part) at byte "),
                    "\(warning)")
        }
        #expect(throws: BuildError.strictWarnings(count: 3)) { try VideoBuildTests.build(album, TemporaryFolder(), strict: true) }
    }
}
