/// What a video's container header says beyond its display size: how long it
/// runs, when it was recorded, how it is coded (which decides whether a
/// browser plays it as it is) and whether it carries a location.
public struct VideoInfo: Sendable, Equatable, Hashable {
    /// Length in seconds (`mvhd` duration ÷ timescale; Matroska `Duration` ×
    /// `TimestampScale`), when the header gives one.
    public var durationSeconds: Double?
    /// When it was recorded, as ISO 8601: the QuickTime `©day` or Apple
    /// `com.apple.quicktime.creationdate` text as written (with its offset),
    /// else the `mvhd` creation time or Matroska `DateUTC` in UTC (`…Z`).
    public var creationDate: String?
    /// The first video track's codec: the ISO BMFF sample entry (`avc1`,
    /// `hvc1`, `hev1`, `av01`, `vp09`, …) or the Matroska CodecID (`V_VP9`).
    public var videoCodec: String?
    /// The first audio track's codec (`mp4a`, `Opus`, `A_OPUS`, …); nil for a silent clip.
    public var audioCodec: String?
    /// The video codec's profile, where it decides whether browsers play it:
    /// an H.264 stream's profile_idc (100 High; 110 High 10 and 122 High
    /// 4:2:2, which browsers do not play). nil when not read.
    public var videoProfile: Int?
    /// Whether the header holds a recording location (QuickTime `©xyz`, Apple
    /// `com.apple.quicktime.location.ISO6709`): private, never published.
    public var hasLocation: Bool
    /// Apple's `com.apple.quicktime.content.identifier`: the UUID an iPhone
    /// gives a Live Photo's movie and its still alike, which pairs them.
    public var contentIdentifier: String?

    public init(durationSeconds: Double? = nil, creationDate: String? = nil, videoCodec: String? = nil,
                audioCodec: String? = nil, videoProfile: Int? = nil, hasLocation: Bool = false,
                contentIdentifier: String? = nil) {
        self.contentIdentifier = contentIdentifier
        self.durationSeconds = durationSeconds
        self.creationDate = creationDate
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.videoProfile = videoProfile
        self.hasLocation = hasLocation
    }
}

extension VideoInfo {
    /// `12.48s`: a duration for one-line summaries, to the hundredth.
    static func durationText(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
    }
}
