import ImageHeaders
import Testing
@testable import Gallery

/// Which videos a browser gets as they are and which are transcoded, the
/// names they are published under and the ffmpeg arguments (issue 12): pure, no ffmpeg.
@Suite struct VideoPublishingTests {
    @Test(arguments: [
        (ImageFormat.mp4, "avc1", "mp4a", VideoPublishing.Route.remux(container: .mp4)),
        (.mp4, "avc1", nil, .remux(container: .mp4)),
        (.mov, "avc1", "mp4a", .remux(container: .mp4)),
        (.mov, "hvc1", "mp4a", .transcode),
        (.mp4, "mp4v", "mp4a", .transcode),
        (.mp4, "avc1", "ac-3", .transcode),
        (.webm, "V_VP9", "A_OPUS", .remux(container: .webm)),
        (.webm, "V_VP8", "A_VORBIS", .remux(container: .webm)),
        (.webm, "V_AV1", nil, .remux(container: .webm)),
        (.mkv, "V_MPEG4/ISO/AVC", nil, .transcode),
        (.mkv, "V_VP9", "A_AAC", .transcode),
    ] as [(ImageFormat, String?, String?, VideoPublishing.Route)])
    func route(format: ImageFormat, video: String?, audio: String?, expected: VideoPublishing.Route) {
        let info = VideoInfo(videoCodec: video, audioCodec: audio)
        #expect(VideoPublishing.route(format: format, video: info) == expected)
    }

    /// H.264 is remuxed only in the profiles browsers decode; AVI and Ogg are always transcoded.
    @Test(arguments: [
        (ImageFormat.mp4, "avc1", 100, VideoPublishing.Route.remux(container: .mp4)),
        (.mp4, "avc1", 66, .remux(container: .mp4)),
        (.mov, "avc1", 77, .remux(container: .mp4)),
        (.mp4, "avc1", 110, .transcode),
        (.mov, "avc1", 122, .transcode),
        (.mp4, "avc3", 244, .transcode),
        (.avi, "H264", nil, .transcode),
        (.ogv, "theora", nil, .transcode),
    ] as [(ImageFormat, String, Int?, VideoPublishing.Route)])
    func profiles(format: ImageFormat, video: String, profile: Int?, expected: VideoPublishing.Route) {
        let info = VideoInfo(videoCodec: video, videoProfile: profile)
        #expect(VideoPublishing.route(format: format, video: info) == expected)
    }

    @Test(arguments: [(nil, 0.0), (0.5, 0.25), (1.9, 0.95), (2.0, 1.0), (600.0, 1.0)] as [(Double?, Double)])
    func posterTime(duration: Double?, expected: Double) {
        #expect(VideoPublishing.posterTime(duration: duration) == expected)
    }

    @Test func publishedFilesAreNamedByContentLikeRenditions() throws {
        let hex = String(repeating: "0123456789abcdef", count: 4)
        let hash = try #require(ContentHash(hex))
        #expect(RenditionIndex.videoPath(hash: hash, container: .mp4) == "renditions/\(hex)-video.mp4")
        #expect(RenditionIndex.videoPath(hash: hash, container: .webm) == "renditions/\(hex)-video.webm")
    }

    @Test func everyPublishRunDropsMetadataAndIsBitExact() {
        for route in [VideoPublishing.Route.remux(container: .mp4), .remux(container: .webm), .transcode] {
            let arguments = VideoPublishing.publishArguments(source: "in.mov", output: "out", route: route)
            let text = arguments.joined(separator: " ")
            #expect(text.contains("-map 0:v:0 -map 0:a:0?"))
            #expect(text.contains("-map_metadata -1 -map_chapters -1"))
            #expect(text.contains("-fflags +bitexact -flags:v +bitexact -flags:a +bitexact"))
            #expect(arguments.contains("-nostdin"))
            #expect(arguments.last == "out")
        }
        #expect(VideoPublishing.publishArguments(source: "a", output: "b", route: .transcode).contains("libx264"))
        #expect(VideoPublishing.publishArguments(source: "a", output: "b", route: .remux(container: .mp4))
            .joined(separator: " ").contains("-c copy -movflags +faststart"))
    }

    @Test func thePosterIsScaledToTheDisplaySize() {
        let arguments = VideoPublishing.posterArguments(source: "in.mp4", output: "p.png", time: 0.25, width: 36, height: 64)
        #expect(arguments.contains("0.250"))
        #expect(arguments.contains { $0.hasPrefix("scale=36:64") })
    }

    @Test func ffmpegsOwnMessageIsTheReason() {
        let text = "[h264 @ 0x1] Invalid NAL unit size (0 > 1218).\nError while decoding stream #0:0: Invalid data\n"
            + "Error marking filters as finished\n"
        #expect(VideoTool.reason(in: text) == "Error while decoding stream #0:0: Invalid data")
        #expect(VideoTool.reason(in: "[x] only\n") == "[x] only")
    }

    @Test func theToolIsFoundOnlyOnTheSearchPath() {
        #expect(VideoTool.find(searchPath: "/nonexistent:/also-not-there") == nil)
        #expect(VideoTool.find(searchPath: nil) == nil)
    }
}
