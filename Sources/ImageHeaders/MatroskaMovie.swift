/// What a Matroska Segment's `Info` and `Tracks` say about the video.
struct MatroskaMovie {
    enum Part { case info, tracks }

    private var seen: Set<Part> = []
    /// Nanoseconds per timestamp unit (1,000,000 unless `Info` says otherwise).
    private var timestampScale: UInt64 = 1_000_000
    private var duration: Double?
    /// Nanoseconds since 2001-01-01 UTC.
    private var dateUTC: Int64?
    private var video: (size: PixelSize, codec: String?)?
    private var audioCodec: String?

    func has(_ part: Part) -> Bool { seen.contains(part) }

    mutating func read(_ part: Part, _ bytes: [UInt8], base: Int, limits: HeaderLimits) throws(HeaderError) {
        seen.insert(part)
        let children = try EBMLElement.children(of: bytes, from: 0, to: bytes.count, base: base, maxCount: limits.maxSegments)
        switch part {
        case .info:
            for child in children {
                switch child.id {
                case 0x2A_D7B1: if let scale = child.unsigned(in: bytes, base: base), scale > 0 { timestampScale = scale }
                case 0x4489: duration = child.float(in: bytes, base: base)
                case 0x4461: dateUTC = child.unsigned(in: bytes, base: base).map { Int64(bitPattern: $0) }
                default: break
                }
            }
        case .tracks:
            for entry in children where entry.id == 0xAE {
                guard let end = entry.end else { continue }
                try readTrack(bytes, from: entry.dataStart - base, to: end - base, base: base, limits: limits)
            }
        }
    }

    private mutating func readTrack(_ bytes: [UInt8], from: Int, to: Int, base: Int, limits: HeaderLimits) throws(HeaderError) {
        let fields = try EBMLElement.children(of: bytes, from: from, to: to, base: base, maxCount: limits.maxSegments)
        let type = fields.first { $0.id == 0x83 }?.unsigned(in: bytes, base: base)
        let enabled = fields.first { $0.id == 0xB9 }?.unsigned(in: bytes, base: base) ?? 1
        let codec = fields.first { $0.id == 0x86 }?.text(in: bytes, base: base)
        if type == 2, audioCodec == nil { audioCodec = codec }
        guard type == 1, enabled != 0, video == nil, let box = fields.first(where: { $0.id == 0xE0 }), let end = box.end else { return }
        let settings = try EBMLElement.children(of: bytes, from: box.dataStart - base, to: end - base, base: base, maxCount: 64)
        func value(_ id: UInt32) -> UInt64? { settings.first { $0.id == id }?.unsigned(in: bytes, base: base) }
        guard let width = value(0xB0), let height = value(0xBA) else {
            throw HeaderError(offset: box.start, reason: .missing("Matroska PixelWidth/PixelHeight"))
        }
        // The crop comes off the coded size; the display size, in pixels
        // (DisplayUnit 0), replaces it, and in any other unit is only an aspect ratio.
        let cropped = (width: width &- min(width, (value(0x54CC) ?? 0) &+ (value(0x54DD) ?? 0)),
                       height: height &- min(height, (value(0x54BB) ?? 0) &+ (value(0x54AA) ?? 0)))
        var shown = cropped
        if let displayWidth = value(0x54B0), let displayHeight = value(0x54BA), displayWidth > 0, displayHeight > 0,
           displayWidth <= PixelSize.maxSide, displayHeight <= PixelSize.maxSide, cropped.height <= PixelSize.maxSide {
            if (value(0x54B2) ?? 0) == 0 {
                shown = (displayWidth, displayHeight)
            } else {
                shown = ((cropped.height * displayWidth + displayHeight / 2) / displayHeight, cropped.height)
            }
        }
        video = (try PixelSize.checked(width: shown.width, height: shown.height, part: "Matroska video track", at: box.start), codec)
    }

    func header(format: ImageFormat, at offset: Int) throws(HeaderError) -> ImageHeader {
        guard let video else { throw HeaderError(offset: offset, reason: .missing("video track")) }
        var info = VideoInfo(videoCodec: video.codec, audioCodec: audioCodec)
        if let duration, duration.isFinite, duration > 0 {
            let seconds = duration * Double(timestampScale) / 1_000_000_000
            if seconds.isFinite, seconds > 0 { info.durationSeconds = seconds }
        }
        if let dateUTC {
            info.creationDate = CivilTime.iso8601(unixSeconds: dateUTC / 1_000_000_000 + CivilTime.secondsFrom1970To2001)
        }
        var header = ImageHeader(format: format, storedSize: video.size)
        header.video = info
        return header
    }
}
