/// Reads a BMP's size from its DIB header: the 12-byte OS/2 1.x
/// `BITMAPCOREHEADER` with 16-bit sides, or any later header (16, 40, 52, 56,
/// 64, 108, 124 bytes) with signed 32-bit sides, where a negative height means
/// rows stored top-down. A V4/V5 header whose colour space is `MBED` embeds an
/// ICC profile.
enum BMPHeaderParser: HeaderParser {
    static var format: ImageFormat { .bmp }

    /// `BM`, then a DIB header size the parser knows (checked in ``read(using:)``
    /// too), so text files starting "BM" are not taken for bitmaps.
    static func matches(signature: [UInt8]) -> Bool {
        guard signature.matches([0x42, 0x4D], at: 0), let size = signature.uint32(at: 14, .littleEndian) else {
            return false
        }
        return knownHeaderSizes.contains(size)
    }

    private static let knownHeaderSizes: Set<UInt32> = [12, 16, 40, 52, 56, 64, 108, 124]
    private static let embeddedProfile: UInt32 = 0x4D42_4544  // 'MBED'

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("BMP info header", at: 14)
        reader.seek(to: 14)
        let headerSize = try reader.readUInt32(.littleEndian, of: part)
        guard knownHeaderSizes.contains(headerSize) else {
            throw HeaderError(offset: 14, reason: .malformed("BMP info header (size \(headerSize))"))
        }
        if headerSize == 12 {
            let width = try reader.readUInt16(.littleEndian, of: part)
            let height = try reader.readUInt16(.littleEndian, of: part)
            let size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: part.name, at: 14)
            return ImageHeader(format: .bmp, storedSize: size)
        }
        let width = Int32(bitPattern: try reader.readUInt32(.littleEndian, of: part))
        let height = Int32(bitPattern: try reader.readUInt32(.littleEndian, of: part))
        // A negative width has no meaning; a negative height is a top-down bitmap.
        guard width >= 0 else {
            throw HeaderError(offset: 18, reason: .dimensionOutOfRange(width: Int(width), height: Int(height)))
        }
        let size = try PixelSize.checked(
            width: UInt64(width), height: UInt64(Int64(height).magnitude), part: part.name, at: 14)
        var metadata = ImageMetadata()
        if headerSize >= 108 {
            // bV4CSType / bV5CSType, 56 bytes into the DIB header.
            reader.seek(to: 14 + 56)
            if let type = try? reader.readUInt32(.littleEndian, of: part) {
                metadata.hasICCProfile = type == embeddedProfile
            }
        }
        return ImageHeader(format: .bmp, storedSize: size, metadata: metadata.nonEmpty)
    }
}
