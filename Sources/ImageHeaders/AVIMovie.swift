/// What an AVI's `hdrl` list says, gathered chunk by chunk: the main
/// header's frame time and count (a fallback duration) and the first video
/// and audio streams.
struct AVIMovie {
    /// The first video stream: its codec, picture size, duration and the
    /// frame aspect ratio of its `vprp` chunk.
    struct VideoStream {
        var codec: String?
        var size: PixelSize?
        var seconds: Double?
        var frameAspect: (width: Int, height: Int)?
    }

    var video: VideoStream?
    var audioCodec: String?
    /// `avih`: microseconds per frame × total frames.
    var mainSeconds: Double?

    /// Walks the chunks of the `hdrl` list (`bytes`, whose first byte is at
    /// `base` in the file): `avih`, then each `strl` list.
    mutating func readHeaderList(_ bytes: [UInt8], base: Int, limits: HeaderLimits) throws(HeaderError) {
        var count = 0
        for chunk in try Self.chunks(bytes, from: 0, to: bytes.count, base: base, limits: limits, count: &count) {
            switch chunk.type {
            case FourCC.code("avih"):
                guard chunk.length >= 40, let perFrame = bytes.uint32(at: chunk.start, .littleEndian),
                      let frames = bytes.uint32(at: chunk.start + 16, .littleEndian) else {
                    throw HeaderError(offset: base + chunk.start - 8, reason: .malformed("AVI 'avih' header"))
                }
                let seconds = Double(perFrame) * Double(frames) / 1_000_000
                if seconds > 0, seconds.isFinite { mainSeconds = seconds }
            case FourCC.code("LIST") where chunk.length >= 4 && bytes.fourCC(at: chunk.start) == FourCC.code("strl"):
                let streams = try Self.chunks(bytes, from: chunk.start + 4, to: chunk.start + chunk.length,
                                              base: base, limits: limits, count: &count)
                try readStream(streams, in: bytes, base: base)
            default: break
            }
        }
    }

    /// One `strl` list: `strh` says what the stream is, `strf` its format.
    private mutating func readStream(_ chunks: [Chunk], in bytes: [UInt8], base: Int) throws(HeaderError) {
        guard let strh = chunks.first(where: { $0.type == FourCC.code("strh") }), strh.length >= 36,
              let kind = bytes.fourCC(at: strh.start) else { return }
        let strf = chunks.first { $0.type == FourCC.code("strf") }
        if kind == FourCC.code("vids"), video == nil {
            var stream = VideoStream()
            if let handler = bytes.fourCC(at: strh.start + 4), handler != 0 { stream.codec = Self.codecName(handler) }
            if let scale = bytes.uint32(at: strh.start + 20, .littleEndian), let rate = bytes.uint32(at: strh.start + 24, .littleEndian),
               let length = bytes.uint32(at: strh.start + 32, .littleEndian), scale > 0, rate > 0 {
                let seconds = Double(length) * Double(scale) / Double(rate)
                if seconds > 0, seconds.isFinite { stream.seconds = seconds }
            }
            guard let strf, strf.length >= 20, let width = bytes.uint32(at: strf.start + 4, .littleEndian),
                  let height = bytes.uint32(at: strf.start + 8, .littleEndian) else {
                throw HeaderError(offset: base + strh.start - 8, reason: .missing("AVI video stream format ('strf')"))
            }
            // A negative height marks a top-down bitmap; the picture is as tall either way.
            let rows = Int32(bitPattern: height).magnitude
            stream.size = try PixelSize.checked(width: UInt64(Int32(bitPattern: width).magnitude), height: UInt64(rows),
                                                part: "AVI video stream format", at: base + strf.start)
            if let compression = bytes.fourCC(at: strf.start + 16), compression > 0xFFFF {
                stream.codec = Self.codecName(compression)
            }
            if let vprp = chunks.first(where: { $0.type == FourCC.code("vprp") }), vprp.length >= 24,
               let aspect = bytes.uint32(at: vprp.start + 20, .littleEndian) {
                let x = Int(aspect >> 16), y = Int(aspect & 0xFFFF)
                if x > 0, y > 0 { stream.frameAspect = (x, y) }
            }
            video = stream
        } else if kind == FourCC.code("auds"), audioCodec == nil, let strf, strf.length >= 2,
                  let tag = bytes.uint16(at: strf.start, .littleEndian) {
            audioCodec = Self.audioName(tag)
        }
    }

    /// The header: the video stream's picture, widened (never narrowed in
    /// height) to its frame aspect ratio, and its duration.
    func header(at offset: Int) throws(HeaderError) -> ImageHeader {
        guard let video, var size = video.size else { throw HeaderError(offset: offset, reason: .missing("AVI video stream")) }
        if let aspect = video.frameAspect {
            let width = (Double(size.height) * Double(aspect.width) / Double(aspect.height)).rounded()
            if width >= 1, width <= Double(PixelSize.maxSide), Int(width) != size.width {
                size = PixelSize(width: Int(width), height: size.height)
            }
        }
        var header = ImageHeader(format: .avi, storedSize: size)
        header.video = VideoInfo(durationSeconds: video.seconds ?? mainSeconds, videoCodec: video.codec, audioCodec: audioCodec)
        return header
    }

    /// A RIFF chunk: its type and where its payload lies in the list's bytes.
    struct Chunk {
        let type: UInt32
        let start: Int
        let length: Int
    }

    /// The chunks between `from` and `to` (each 8 header bytes, a payload,
    /// and a pad byte to an even length); a chunk overrunning its list is malformed.
    static func chunks(_ bytes: [UInt8], from: Int, to: Int, base: Int, limits: HeaderLimits,
                       count: inout Int) throws(HeaderError) -> [Chunk] {
        var chunks: [Chunk] = []
        var position = from
        while position + 8 <= to {
            count += 1
            guard count <= limits.maxSegments else {
                throw HeaderError(offset: base + position, reason: .limitExceeded("\(limits.maxSegments) AVI chunks"))
            }
            guard let type = bytes.fourCC(at: position), let length = bytes.uint32(at: position + 4, .littleEndian) else { break }
            let start = position + 8
            guard Int(length) <= to - start else {
                throw HeaderError(offset: base + position, reason: .malformed("AVI '\(FourCC.name(type))' chunk (runs past its list)"))
            }
            chunks.append(Chunk(type: type, start: start, length: Int(length)))
            position = start + Int(length) + Int(length & 1)
        }
        return chunks
    }

    /// `XVID`, `H264`, `MJPG`: a FourCC as text, without trailing spaces.
    static func codecName(_ code: UInt32) -> String {
        var name = FourCC.name(code)
        while name.hasSuffix(" ") { name.removeLast() }
        return name
    }

    /// The WAVEFORMATEX tag's common name (`mp3`, `aac`, `pcm`, …), else its number.
    static func audioName(_ tag: UInt16) -> String {
        switch tag {
        case 0x0001: "pcm"
        case 0x0055: "mp3"
        case 0x00FF, 0x1610, 0x706D: "aac"
        case 0x2000: "ac3"
        default: "0x" + String(tag, radix: 16)
        }
    }
}
