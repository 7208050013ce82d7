/// Reads a PNG's size from `IHDR` (checked as libpng does: CRC, size range,
/// coding fields), its orientation and metadata from an `eXIf` chunk, whether
/// it carries an ICC profile (`iCCP`), whether it is animated (APNG `acTL`)
/// and its XMP packet (uncompressed `iTXt` `XML:com.adobe.xmp`).
///
/// Chunks are walked only up to the first `IDAT`: `eXIf` after the image data
/// is ignored, as the PNG Third Edition requires and browsers do (they apply
/// orientation while streaming). XMP after `IDAT` is not looked for either:
/// reaching it would mean reading the whole file during the scan. Apple's `CgBI` chunk before `IHDR` is skipped.
/// Once `IHDR` is read, faults in later chunks end the walk without failing
/// the image.
enum PNGHeaderParser: HeaderParser {
    static var format: ImageFormat { .png }

    /// The 8-byte PNG signature.
    static var signature: [UInt8] { PNGChunks.signature }

    static func matches(signature prefix: [UInt8]) -> Bool {
        prefix.count >= signature.count && prefix.prefix(signature.count).elementsEqual(signature)
    }

    /// PNG lengths and sizes are at most 2³¹−1.
    private static var maxValue: UInt32 { PNGChunkType.maxLength }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        var chunk = try readChunkHeader(at: signature.count, using: &reader)
        if chunk.type == PNGChunkType.cgbi {
            chunk = try readChunkHeader(at: chunk.end, using: &reader)
        }
        guard chunk.type == PNGChunkType.ihdr else {
            throw HeaderError(offset: chunk.offset, reason: .missingIHDR(found: PNGChunkType.name(chunk.type)))
        }
        guard chunk.length == 13 else {
            throw HeaderError(offset: chunk.offset, reason: .badIHDR("length \(chunk.length), expected 13"))
        }
        let size = try readIHDR(chunk, using: &reader)
        var extras = Extras()
        try readAncillaryChunks(from: chunk.end, using: &reader, into: &extras)
        return ImageHeader(
            format: .png,
            storedSize: size,
            orientation: extras.orientation ?? .up,
            orientationSource: extras.orientation == nil ? OrientationSource.none : .exif,
            isAnimated: extras.isAnimated,
            metadata: extras.allMetadata
        )
    }

    /// Reads and checks the 13-byte IHDR payload and its CRC; returns width × height.
    private static func readIHDR<Source: ByteSource>(
        _ chunk: ChunkHeader,
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> PixelSize {
        let part = InputPart("IHDR chunk", at: chunk.offset)
        reader.seek(to: chunk.offset + 8)
        let payload = try reader.readBytes(13, of: part)
        let storedCRC = try reader.readUInt32(.bigEndian, of: part)
        // A damaged IHDR makes libpng (and so browsers) reject the file;
        // its numbers cannot be trusted either.
        guard CRC32.checksum(PNGChunkType.bytes(PNGChunkType.ihdr) + payload) == storedCRC else {
            throw HeaderError(offset: chunk.offset, reason: .badChecksum("IHDR chunk"))
        }
        let width = bigEndianUInt32(payload, at: 0)
        let height = bigEndianUInt32(payload, at: 4)
        guard width != 0, height != 0 else {
            throw HeaderError(offset: chunk.offset, reason: .zeroDimension("IHDR chunk"))
        }
        guard width <= maxValue, height <= maxValue else {
            throw HeaderError(
                offset: chunk.offset, reason: .dimensionOutOfRange(width: Int(width), height: Int(height)))
        }
        if let problem = fieldProblem(bitDepth: payload[8], colourType: payload[9],
                                      compression: payload[10], filter: payload[11], interlace: payload[12]) {
            throw HeaderError(offset: chunk.offset, reason: .badIHDR(problem))
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// What is wrong with IHDR's coding fields, or `nil`. libpng (and so
    /// browsers) refuse such files, so their size would be of no use.
    private static func fieldProblem(
        bitDepth: UInt8, colourType: UInt8, compression: UInt8, filter: UInt8, interlace: UInt8
    ) -> String? {
        let allowedDepths: [UInt8]
        switch colourType {
        case 0: allowedDepths = [1, 2, 4, 8, 16]
        case 3: allowedDepths = [1, 2, 4, 8]
        case 2, 4, 6: allowedDepths = [8, 16]
        default: return "colour type \(colourType)"
        }
        guard allowedDepths.contains(bitDepth) else {
            return "bit depth \(bitDepth) with colour type \(colourType)"
        }
        guard compression == 0 else { return "compression method \(compression)" }
        guard filter == 0 else { return "filter method \(filter)" }
        guard interlace <= 1 else { return "interlace method \(interlace)" }
        return nil
    }

    /// Walks the chunks after IHDR up to IDAT/IEND, noting `acTL` (animated when it
    /// announces more than one frame) and the first `eXIf`.
    private static func readAncillaryChunks<Source: ByteSource>(
        from start: Int,
        using reader: inout Reader<Source>,
        into extras: inout Extras
    ) throws(HeaderError) {
        var position = start
        do {
            for _ in 0..<max(0, reader.limits.maxSegments) {
                let chunk = try readChunkHeader(at: position, using: &reader)
                switch chunk.type {
                case PNGChunkType.idat, PNGChunkType.iend:
                    return
                case PNGChunkType.actl:
                    // APNG's animation control: num_frames first. One frame is a still
                    // (the default image), however the file is labelled.
                    reader.seek(to: chunk.offset + 8)
                    let frames = try reader.readUInt32(.bigEndian, of: InputPart("APNG acTL chunk", at: chunk.offset + 8))
                    extras.isAnimated = chunk.length >= 8 && frames > 1
                case PNGChunkType.exif where !extras.sawExif:
                    extras.sawExif = true
                    let exif = try readExif(chunk, using: &reader)
                    extras.orientation = exif.orientation
                    extras.metadata = exif.metadata
                case PNGChunkType.iccp:
                    extras.sawICC = true
                case PNGChunkType.itxt where extras.xmpPacket == nil:
                    extras.xmpPacket = try readXMP(chunk, using: &reader)
                default:
                    break
                }
                position = chunk.end
            }
        } catch {
            // The size is already known: a damaged or truncated chunk after
            // IHDR, or too many chunks, only ends the search for extras.
            if case .readFailed = error.reason {
                throw error
            }
        }
    }

    /// The orientation in an `eXIf` payload. The payload should start with the
    /// TIFF header; some writers put JPEG's `Exif\0\0` first, which is skipped.
    private static func readExif<Source: ByteSource>(
        _ chunk: ChunkHeader,
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> ExifReader.Result {
        let dataStart = chunk.offset + 8
        let dataEnd = chunk.end - 4
        reader.seek(to: dataStart)
        let leading = try reader.peek(upTo: min(6, chunk.length))
        let tiffStart = leading == [0x45, 0x78, 0x69, 0x66, 0x00, 0x00] ? dataStart + 6 : dataStart
        return try ExifReader.read(in: &reader, tiffStart: tiffStart, end: dataEnd)
    }

    /// The packet of an uncompressed `iTXt` chunk with keyword
    /// `XML:com.adobe.xmp`; `nil` for other text, compressed XMP (it would
    /// need zlib) or a packet over ``ImageMetadata/maxXMPPacketLength``.
    /// Only the keyword is read unless it matches; then the short fields
    /// after it, then the text alone (one read, no copy of the chunk).
    private static func readXMP<Source: ByteSource>(
        _ chunk: ChunkHeader,
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> [UInt8]? {
        let dataStart = chunk.offset + 8
        reader.seek(to: dataStart)
        guard chunk.length > xmpKeyword.count + 2, try reader.startsWith(xmpKeyword) else {
            return nil
        }
        // Keyword, flag, method, then language tag and translated keyword (short, NUL-terminated).
        let head = try reader.peek(upTo: min(chunk.length, 1024))
        guard let textOffset = xmpTextOffset(ofITXt: head) else { return nil }
        let count = chunk.length - textOffset
        guard count > 0, count <= ImageMetadata.maxXMPPacketLength else { return nil }
        let text = try reader.readAvailable(at: dataStart + textOffset, upTo: count)
        return text.count == count ? text : nil
    }

    /// `XML:com.adobe.xmp\0`, the keyword of the `iTXt` chunk holding XMP.
    private static let xmpKeyword: [UInt8] = Array("XML:com.adobe.xmp".utf8) + [0]

    /// Where the text of an `iTXt` payload starting with ``xmpKeyword`` begins:
    /// after the compression flag (0 required) and method, the language tag
    /// and the translated keyword, each NUL-terminated; `nil` when compressed
    /// or when the fields do not end within `head`.
    static func xmpTextOffset(ofITXt head: [UInt8]) -> Int? {
        var index = xmpKeyword.count
        guard index + 2 <= head.count, head[index] == 0 else { return nil }
        index += 2
        for _ in 0..<2 {
            guard let nul = head[index...].firstIndex(of: 0) else { return nil }
            index = nul + 1
        }
        return index
    }

    /// Reads the length and type of the chunk at `offset`.
    private static func readChunkHeader<Source: ByteSource>(
        at offset: Int,
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> ChunkHeader {
        let part = InputPart("PNG chunk header", at: offset)
        reader.seek(to: offset)
        let length = try reader.readUInt32(.bigEndian, of: part)
        let type = try reader.readUInt32(.bigEndian, of: part)
        let (end, overflow) = offset.addingReportingOverflow(12 + Int(length))
        guard length <= maxValue, !overflow else {
            throw HeaderError(
                offset: offset, reason: .badChunkLength(chunk: PNGChunkType.name(type), length: Int(length)))
        }
        return ChunkHeader(offset: offset, length: Int(length), type: type, end: end)
    }

    private static func bigEndianUInt32(_ bytes: [UInt8], at index: Int) -> UInt32 {
        bytes[index..<(index + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A chunk's position, payload length and type code.
    private struct ChunkHeader {
        let offset: Int
        let length: Int
        let type: UInt32
        /// Offset of the next chunk: after length, type, payload and CRC.
        let end: Int
    }

    /// What the walk after IHDR has found.
    private struct Extras {
        var isAnimated = false
        var sawExif = false
        var sawICC = false
        var orientation: Orientation?
        var metadata = ImageMetadata()
        var xmpPacket: [UInt8]?

        var allMetadata: ImageMetadata? {
            var result = metadata
            result.hasICCProfile = result.hasICCProfile || sawICC
            result.xmpPacket = xmpPacket ?? result.xmpPacket
            return result.nonEmpty
        }
    }
}
