/// Reads a Truevision TGA's size from its 18-byte header.
///
/// TGA has no signature, so a file is taken for one only when every header
/// field holds a value the format allows (image type, colour-map fields, pixel
/// depth, descriptor) and both sides are non-zero. The sniffer tries TGA last,
/// after every format with a real signature; a type-2 TGA starts `00 00 02 00`
/// like a cursor, so ``ICOHeaderParser`` hands such files over when its own
/// directory check fails.
enum TGAHeaderParser: HeaderParser {
    static var format: ImageFormat { .tga }

    static func matches(signature: [UInt8]) -> Bool {
        fields(signature) != nil
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        reader.seek(to: 0)
        let header = try reader.readBytes(18, of: InputPart("TGA header", at: 0))
        guard let (width, height) = fields(header) else {
            throw HeaderError(offset: 0, reason: .malformed("TGA header"))
        }
        let size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: "TGA header", at: 12)
        return ImageHeader(format: .tga, storedSize: size)
    }

    /// Width and height when the 18 header bytes are a plausible TGA header.
    private static func fields(_ header: [UInt8]) -> (UInt16, UInt16)? {
        guard header.count >= 18,
              let mapFirst = header.uint16(at: 3, .littleEndian),
              let mapLength = header.uint16(at: 5, .littleEndian),
              let width = header.uint16(at: 12, .littleEndian),
              let height = header.uint16(at: 14, .littleEndian) else { return nil }
        let mapType = header[1], imageType = header[2], mapEntrySize = header[7]
        let depth = header[16], descriptor = header[17]
        switch mapType {
        case 0:
            guard mapFirst == 0, mapLength == 0, [0, 15, 16, 24, 32].contains(mapEntrySize) else { return nil }
        case 1:
            guard mapLength > 0, [15, 16, 24, 32].contains(mapEntrySize) else { return nil }
        default:
            return nil
        }
        switch imageType {
        case 1, 9:  // colour-mapped
            guard mapType == 1, depth == 8 || depth == 16 else { return nil }
        case 2, 10:  // true colour
            guard [15, 16, 24, 32].contains(depth) else { return nil }
        case 3, 11:  // greyscale
            guard depth == 8 || depth == 16 else { return nil }
        default:
            return nil
        }
        // Bits 6–7 (interleaving) are unused in practice; alpha bits fit the pixel.
        guard descriptor & 0xC0 == 0, descriptor & 0x0F <= depth else { return nil }
        guard width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
