/// Reads Ogg video (`.ogv`) headers: the beginning-of-stream pages that open
/// every Ogg file, one per logical stream, each holding that stream's
/// identification header. A Theora stream gives the picture size (its
/// picture region, widened by the pixel aspect ratio) and the codec; a
/// Vorbis, Opus or FLAC stream the sound's codec.
///
/// The duration would need the last page (its granule position), which lies
/// at the end of the file; the scanner reads headers only, so it is left out.
enum OggHeaderParser: HeaderParser {
    static var format: ImageFormat { .ogv }

    static func matches(signature: [UInt8]) -> Bool {
        // "OggS", stream structure version 0, and the beginning-of-stream flag.
        signature.matches(Array("OggS".utf8), at: 0) && signature.byte(at: 4) == 0
            && (signature.byte(at: 5) ?? 0) & 0x02 != 0
    }

    /// Ogg files start with every stream's first page; more than this many is not a real file.
    static let maxStreams = 64

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        var position = 0
        var picture: (size: PixelSize, codec: String)?
        var audioCodec: String?
        for _ in 0..<maxStreams {
            guard let page = try OggPage.read(at: position, using: &reader), page.beginsStream else { break }
            let packet = page.firstPacket
            if picture == nil, let size = try theoraPicture(packet, at: page.bodyStart) {
                picture = (size, "theora")
            } else if audioCodec == nil {
                audioCodec = audioName(packet)
            }
            position = page.end
        }
        guard let picture else { throw HeaderError(offset: 0, reason: .missing("Theora video stream")) }
        var header = ImageHeader(format: .ogv, storedSize: picture.size)
        header.video = VideoInfo(videoCodec: picture.codec, audioCodec: audioCodec)
        return header
    }

    /// The picture a Theora identification header describes, or nil when
    /// `packet` is not one. The picture region must fit the coded frame.
    static func theoraPicture(_ packet: [UInt8], at offset: Int) throws(HeaderError) -> PixelSize? {
        guard packet.count >= 7, packet[0] == 0x80, packet.matches(Array("theora".utf8), at: 1) else { return nil }
        guard packet.count >= 42, let blocksWide = packet.uint16(at: 10, .bigEndian),
              let blocksHigh = packet.uint16(at: 12, .bigEndian),
              let width = packet.unsigned(at: 14, width: 3, .bigEndian),
              let height = packet.unsigned(at: 17, width: 3, .bigEndian),
              let aspectNumerator = packet.unsigned(at: 30, width: 3, .bigEndian),
              let aspectDenominator = packet.unsigned(at: 33, width: 3, .bigEndian) else {
            throw HeaderError(offset: offset, reason: .truncated("Theora identification header"))
        }
        guard width <= UInt64(blocksWide) * 16, height <= UInt64(blocksHigh) * 16 else {
            throw HeaderError(offset: offset, reason: .malformed("Theora identification header (picture larger than the frame)"))
        }
        var shownWidth = width
        // 0:0 means "unknown"; treat it, like 1:1, as square pixels.
        if aspectNumerator > 0, aspectDenominator > 0, aspectNumerator != aspectDenominator {
            let widened = (Double(width) * Double(aspectNumerator) / Double(aspectDenominator)).rounded()
            if widened >= 1, widened <= Double(PixelSize.maxSide) { shownWidth = UInt64(widened) }
        }
        return try PixelSize.checked(width: shownWidth, height: height, part: "Theora identification header", at: offset)
    }

    /// `vorbis`, `opus` or `flac` for those identification headers, else nil.
    static func audioName(_ packet: [UInt8]) -> String? {
        if packet.first == 0x01, packet.matches(Array("vorbis".utf8), at: 1) { return "vorbis" }
        if packet.matches(Array("OpusHead".utf8), at: 0) { return "opus" }
        if packet.first == 0x7F, packet.matches(Array("FLAC".utf8), at: 1) { return "flac" }
        return nil
    }
}
