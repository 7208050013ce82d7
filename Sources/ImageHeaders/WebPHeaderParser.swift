/// Reads WebP: the first chunk is `VP8 ` (lossy; 14-bit sides after the key
/// frame start code), `VP8L` (lossless; 14-bit sides after signature 0x2F) or
/// `VP8X` (extended; 24-bit canvas size and feature flags). For `VP8X` files
/// flagged as holding Exif, chunks are walked (by size, with padding) to the
/// `EXIF` chunk for orientation and metadata; both the standard raw TIFF
/// payload and the `Exif\0\0`-prefixed one some writers produce are accepted.
/// Files flagged as holding XMP are walked to the `XMP ` chunk, whose packet
/// is kept; unflagged files are never walked.
enum WebPHeaderParser: HeaderParser {
    static var format: ImageFormat { .webp }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("RIFF".utf8), at: 0) && signature.matches(Array("WEBP".utf8), at: 8)
    }

    private enum Flag {
        static let icc: UInt8 = 0x20
        static let exif: UInt8 = 0x08
        static let xmp: UInt8 = 0x04
        static let animation: UInt8 = 0x02
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("WebP first chunk", at: 12)
        let chunk = try reader.readAvailable(at: 12, upTo: 8 + 10)
        guard chunk.count >= 8 + 5, let type = chunk.fourCC(at: 0) else { throw part.truncated }
        let payload = Array(chunk[8...])
        switch type {
        case FourCC.code("VP8 "):
            guard payload.matches([0x9D, 0x01, 0x2A], at: 3), let width = payload.uint16(at: 6, .littleEndian),
                  let height = payload.uint16(at: 8, .littleEndian) else {
                throw HeaderError(offset: 20, reason: .malformed("VP8 frame header (no key frame start code)"))
            }
            let size = try PixelSize.checked(width: UInt64(width & 0x3FFF), height: UInt64(height & 0x3FFF),
                                             part: "VP8 frame header", at: 20)
            return ImageHeader(format: .webp, storedSize: size)
        case FourCC.code("VP8L"):
            guard payload.first == 0x2F, let bits = payload.uint32(at: 1, .littleEndian), bits >> 29 == 0 else {
                throw HeaderError(offset: 20, reason: .malformed("VP8L header (bad signature or version)"))
            }
            let size = try PixelSize.checked(width: UInt64(bits & 0x3FFF) + 1, height: UInt64((bits >> 14) & 0x3FFF) + 1,
                                             part: "VP8L header", at: 20)
            return ImageHeader(format: .webp, storedSize: size)
        case FourCC.code("VP8X"):
            return try readExtended(payload, using: &reader)
        default:
            throw HeaderError(offset: 12, reason: .malformed("WebP file (first chunk '\(FourCC.name(type))')"))
        }
    }

    private static func readExtended<Source: ByteSource>(
        _ payload: [UInt8], using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        guard let width = payload.unsigned(at: 4, width: 3, .littleEndian),
              let height = payload.unsigned(at: 7, width: 3, .littleEndian) else {
            throw HeaderError(offset: 12, reason: .truncated("VP8X chunk"))
        }
        let size = try PixelSize.checked(width: width + 1, height: height + 1, part: "VP8X chunk", at: 12)
        let flags = payload[0]
        var found = Found()
        if flags & (Flag.exif | Flag.xmp) != 0 {
            do {
                try readMetadataChunks(exif: flags & Flag.exif != 0, xmp: flags & Flag.xmp != 0,
                                       using: &reader, into: &found)
            } catch {
                // The size is known; a damaged chunk list loses only the metadata.
                if case .readFailed = error.reason { throw error }
            }
        }
        let exif = found.exif
        var metadata = exif.metadata
        metadata.xmpPacket = found.xmpPacket ?? metadata.xmpPacket
        metadata.hasICCProfile = metadata.hasICCProfile || flags & Flag.icc != 0
        return ImageHeader(
            format: .webp, storedSize: size,
            orientation: exif.orientation ?? .up,
            orientationSource: exif.orientation == nil ? OrientationSource.none : .exif,
            isAnimated: flags & Flag.animation != 0 && hasAnimationChunk(using: &reader),
            metadata: metadata.nonEmpty)
    }

    /// What the chunk walk found.
    private struct Found {
        var exif = ExifReader.Result()
        var sawExif = false
        var xmpPacket: [UInt8]?
    }

    /// Whether an `ANIM` chunk (global animation parameters) follows `VP8X`, as
    /// the animation flag promises: only `ICCP` may come between them, so a
    /// few chunks are walked at most. A flag without the chunk is no animation
    /// a decoder would play.
    private static func hasAnimationChunk<Source: ByteSource>(using reader: inout Reader<Source>) -> Bool {
        var position = 30  // RIFF header 12 + VP8X chunk 18
        for _ in 0..<min(4, reader.limits.maxSegments) {
            let part = InputPart("WebP chunk header", at: position)
            reader.seek(to: position)
            guard let head = try? reader.readBytes(8, of: part), let type = head.fourCC(at: 0),
                  let length = head.uint32(at: 4, .littleEndian) else { return false }
            if type == FourCC.code("ANIM") { return true }
            if type != FourCC.code("ICCP") { return false }
            position += 8 + Int(length) + Int(length & 1)
        }
        return false
    }

    /// Walks chunks from the one after `VP8X` until the first `EXIF` and the
    /// first `XMP ` chunk, each only when the flags announce it, are found.
    private static func readMetadataChunks<Source: ByteSource>(
        exif wantsExif: Bool, xmp wantsXMP: Bool, using reader: inout Reader<Source>, into found: inout Found
    ) throws(HeaderError) {
        var position = 30  // RIFF header 12 + VP8X chunk 18
        for _ in 0..<reader.limits.maxSegments {
            if (!wantsExif || found.sawExif) && (!wantsXMP || found.xmpPacket != nil) { return }
            let part = InputPart("WebP chunk header", at: position)
            reader.seek(to: position)
            guard let head = try? reader.readBytes(8, of: part), let type = head.fourCC(at: 0),
                  let length = head.uint32(at: 4, .littleEndian) else { return }
            let dataStart = position + 8
            let dataEnd = dataStart + Int(length)
            if type == FourCC.code("EXIF"), wantsExif, !found.sawExif {
                found.sawExif = true
                let leading = try reader.peek(upTo: 6)
                let tiffStart = leading == Array("Exif".utf8) + [0, 0] ? dataStart + 6 : dataStart
                found.exif = try ExifReader.read(in: &reader, tiffStart: tiffStart, end: dataEnd)
            } else if type == FourCC.code("XMP "), wantsXMP, found.xmpPacket == nil {
                guard length > 0, Int(length) <= ImageMetadata.maxXMPPacketLength else { return }
                let packet = try reader.readAvailable(at: dataStart, upTo: Int(length))
                guard packet.count == Int(length) else { return }
                found.xmpPacket = packet
            }
            position = dataEnd + Int(length & 1)
        }
    }
}
