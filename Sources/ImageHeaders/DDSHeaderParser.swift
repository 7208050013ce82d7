/// Reads a DirectDraw Surface texture's size: `DDS ` then a 124-byte header
/// whose height and width follow its size and flags fields.
enum DDSHeaderParser: HeaderParser {
    static var format: ImageFormat { .dds }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("DDS ".utf8), at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("DDS header", at: 4)
        reader.seek(to: 4)
        let headerSize = try reader.readUInt32(.littleEndian, of: part)
        guard headerSize == 124 else {
            throw HeaderError(offset: 4, reason: .malformed("DDS header (size \(headerSize), expected 124)"))
        }
        _ = try reader.readUInt32(.littleEndian, of: part)  // flags
        let height = try reader.readUInt32(.littleEndian, of: part)
        let width = try reader.readUInt32(.littleEndian, of: part)
        let size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: part.name, at: 4)
        return ImageHeader(format: .dds, storedSize: size)
    }
}
