import ImageHeaders

/// What Cascade does with a video, decided from its header alone: which
/// file a browser gets (the same streams in a clean container, or an H.264
/// transcode), where it is published, and the ffmpeg arguments for its
/// poster frame and its published file. Pure: runs nothing, reads nothing.
public enum VideoPublishing {
    /// How a video reaches the browser.
    public enum Route: Sendable, Equatable {
        /// Its streams are playable as they are: copied into a fresh MP4 or
        /// WebM with no metadata (`-c copy`), bit for bit the same pictures.
        case remux(container: Container)
        /// Re-encoded once to H.264/AAC in MP4 (HEVC, MPEG-4 Part 2, …).
        case transcode
    }

    /// The published file's container.
    public enum Container: String, Sendable, Equatable {
        case mp4
        case webm

        /// The published file's extension and the `<source type>`.
        var fileExtension: String { rawValue }
        var mimeType: String { "video/" + rawValue }
    }

    /// Whether browsers play the video as it is: 8-bit 4:2:0 H.264 (any
    /// profile up to High) with AAC (or no sound) in MP4/QuickTime,
    /// VP8/VP9/AV1 with Opus/Vorbis (or none) in WebM/Matroska. Everything
    /// else is transcoded: HEVC, AVI and Ogg files, and the High 10, 4:2:2
    /// and 4:4:4 H.264 some cameras record, which browsers refuse.
    static func route(format: ImageFormat, video: VideoInfo?) -> Route {
        let picture = normalized(video?.videoCodec)
        let sound = video?.audioCodec.map { normalized($0) }
        switch format {
        case .mp4, .mov:
            if ["avc1", "avc3", "h264"].contains(picture), sound == nil || sound == "mp4a" || sound == "aac",
               video?.videoProfile.map(browserProfiles.contains) ?? true {
                return .remux(container: .mp4)
            }
        case .webm, .mkv:
            if ["vp8", "vp9", "av1", "vp08", "vp09", "av01"].contains(picture),
               sound == nil || sound == "opus" || sound == "vorbis" {
                return .remux(container: .webm)
            }
        default: break
        }
        return .transcode
    }

    /// H.264 profiles browsers decode: Constrained Baseline/Baseline (66),
    /// Main (77), Extended (88) and High (100), all 8-bit 4:2:0.
    static let browserProfiles: Set<Int> = [66, 77, 88, 100]

    /// The container the published file will have.
    public static func container(of route: Route) -> Container {
        if case .remux(let container) = route { return container }
        return .mp4
    }

    /// `V_VP9` → `vp9`, `A_OPUS` → `opus`, `avc1` → `avc1`: one spelling for
    /// Matroska CodecIDs and ISO BMFF sample entries.
    static func normalized(_ codec: String?) -> String {
        guard var text = codec?.lowercased() else { return "" }
        if text.hasPrefix("v_") || text.hasPrefix("a_") { text.removeFirst(2) }
        if let slash = text.firstIndex(of: "/") { text = String(text[..<slash]) }
        if text.hasPrefix("mpeg4") { return "mpeg4" }
        return text
    }

    /// The suffix of a published video's name after the content hash:
    /// `-video.mp4` (`renditions/<hash>-video.mp4`, ``RenditionIndex``'s scheme).
    static func pathSuffix(_ container: Container) -> String { "-video." + container.fileExtension }

    /// The second the poster is taken at: one second in, or half-way
    /// through a shorter clip (0 when the header gives no duration).
    static func posterTime(duration: Double?) -> Double {
        guard let duration, duration > 0 else { return 0 }
        return min(1, duration / 2)
    }

    /// Flags every run gets: quiet but for errors, no stats, never asking.
    static let common = ["-hide_banner", "-nostdin", "-nostats", "-v", "error", "-y"]
    /// Flags that keep encoders and muxers from writing versions or dates,
    /// so the same source gives the same bytes on every build.
    static let bitexact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"]

    /// Decodes one frame at `time` (upright: ffmpeg applies the display
    /// matrix before any filter) and writes it as an RGB PNG to `output`,
    /// at exactly the display size the scan laid the tile out with (an
    /// anamorphic clip's stored pixels are widened to it).
    static func posterArguments(source: String, output: String, time: Double,
                                       width: Int, height: Int) -> [String] {
        common + ["-ss", seconds(time), "-i", source, "-map", "0:v:0", "-frames:v", "1",
                  "-vf", "scale=\(width):\(height):flags=bicubic,setsar=1", "-pix_fmt", "rgb24", "-map_metadata", "-1"]
            + bitexact + ["-f", "image2", "-c:v", "png", output]
    }

    /// Writes the published file: the first video stream and the first audio
    /// stream (if any), no metadata and no chapters (a phone's location,
    /// creation date and model are in them), the index first for MP4 so
    /// playback starts before the whole file is there.
    static func publishArguments(source: String, output: String, route: Route) -> [String] {
        var arguments = common + ["-i", source, "-map", "0:v:0", "-map", "0:a:0?",
                                  "-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn"]
        switch route {
        case .remux(let container):
            arguments += ["-c", "copy"]
            arguments += container == .mp4 ? ["-movflags", "+faststart", "-f", "mp4"] : ["-f", "webm"]
        case .transcode:
            // A fixed thread count: x264's output depends on it, the machine's core count must not.
            arguments += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p",
                          "-threads", "2", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-f", "mp4"]
        }
        return arguments + bitexact + [output]
    }

    /// How long a publish run may take: a minute, and for a transcode ten
    /// seconds per second of video on top.
    static func timeLimit(for route: Route, duration: Double?) -> Double {
        guard route == .transcode else { return VideoTool.defaultTimeLimit }
        return VideoTool.defaultTimeLimit + 10 * (duration ?? 60)
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = millis % 1000
        return "\(millis / 1000)." + String(repeating: "0", count: fraction < 10 ? 2 : fraction < 100 ? 1 : 0) + "\(fraction)"
    }
}
