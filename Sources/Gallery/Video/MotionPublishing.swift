import ImageHeaders

/// What Cascade does with a picture that moves — an animated GIF or APNG, or
/// a Live Photo's movie: which file is the motion's source, where its clip is
/// published, and the ffmpeg arguments that make it. Pure: runs nothing.
///
/// The clip is a silent H.264 MP4 in 4:2:0 with even sides, its index first
/// (`+faststart`), no metadata, and a VP9 WebM of the same when ffmpeg has
/// libvpx; the page offers both and mutes and loops them. The still (the first frame, or the Live Photo's
/// photo) stays the poster and the tile.
enum MotionPublishing {
    /// The formats whose animations are published as clips. ffmpeg decodes
    /// GIF and APNG itself; its WebP decoder plays no animation (it rejects
    /// the `ANIM` and `ANMF` chunks), so an animated WebP's frames are decoded
    /// by libwebp and handed to it as PNGs (``MotionFrames``).
    static let animatedFormats: Set<ImageFormat> = [.gif, .png, .webp]

    /// Whether ffmpeg reads `photo`'s motion from frames Cascade decoded (an animated WebP).
    static func needsFrames(_ photo: Photo) -> Bool {
        !photo.isLivePhoto && photo.header.format == .webp
    }

    /// Whether `photo` has motion to publish: a Live Photo's movie, or an
    /// animation ffmpeg can decode.
    static func hasMotion(_ photo: Photo) -> Bool {
        photo.isLivePhoto || (photo.header.isAnimated && animatedFormats.contains(photo.header.format))
    }

    /// The path of the motion's source from the album root: the Live Photo's
    /// movie, else the animated file itself.
    static func sourcePath(of photo: Photo) -> String {
        guard let movie = photo.liveVideo else { return photo.path }
        return photo.folder.isEmpty ? movie : (photo.folder + [movie]).joined(separator: "/")
    }

    /// The demuxer ffmpeg is told to use: its probe takes an APNG for a still PNG.
    static func inputFormat(of photo: Photo) -> [String] {
        guard !photo.isLivePhoto else { return [] }
        switch photo.header.format {
        case .png: return ["-f", "apng"]
        case .gif: return ["-f", "gif"]
        case .webp: return ["-f", "concat"]
        default: return []
        }
    }

    /// The clip's containers: MP4 (H.264) always, WebM (VP9) beside it when
    /// ffmpeg has libvpx — for the browsers that play no H.264 (Chromium
    /// built without it, Firefox without the system's codecs).
    enum Clip: String, Sendable, CaseIterable {
        case mp4
        case webm

        var mimeType: String { "video/" + rawValue }
        /// The ffmpeg encoder it needs.
        var encoder: String { self == .mp4 ? "libx264" : "libvpx-vp9" }
    }

    /// `renditions/<hash>-motion.mp4` (or `.webm`), named by the motion
    /// source's content like the renditions, so it is made once and every
    /// later build finds it.
    static func path(hash: ContentHash, clip: Clip) -> String {
        RenditionIndex.namePrefix(hash) + "motion." + clip.rawValue
    }

    /// Makes the clip: the first video stream only (a Live Photo's sound and
    /// its metadata tracks are dropped), no metadata or chapters; transparent
    /// pixels laid on white (4:2:0 has no alpha, and black would show through
    /// where the poster is light); sides rounded up to even with white, as
    /// 4:2:0 needs; each frame kept for as long as the source shows it
    /// (`-vsync vfr`: a GIF's 100 ms frame is not repeated to fill a fixed rate).
    static func arguments(source: String, output: String, inputFormat: [String], clip: Clip) -> [String] {
        let picture = "format=rgba,split[fg][bg];[bg]drawbox=c=white:t=fill[white];[white][fg]overlay=format=auto,"
            + "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white,format=yuv420p"
        // A fixed thread count: the encoders' output depends on it, the machine's core count must not.
        let encoding: [String] = switch clip {
        case .mp4: ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-threads", "2",
                    "-movflags", "+faststart", "-f", "mp4"]
        case .webm: ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "34", "-deadline", "good", "-cpu-used", "4",
                     "-row-mt", "0", "-pix_fmt", "yuv420p", "-threads", "2", "-f", "webm"]
        }
        return VideoPublishing.common + inputFormat + ["-i", source, "-map", "0:v:0", "-an", "-sn", "-dn",
                                                       "-map_metadata", "-1", "-map_chapters", "-1",
                                                       "-vf", picture, "-vsync", "vfr"]
            + encoding + VideoPublishing.bitexact + [output]
    }
}
