/// Reads a QOI image's size from its 14-byte header (`qoif`, width, height,
/// channels 3 or 4, colour space 0 or 1).
enum QOIHeaderParser: HeaderParser {
    static var format: ImageFormat { .qoi }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("qoif".utf8), at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("QOI header", at: 0)
        reader.seek(to: 4)
        let width = try reader.readUInt32(.bigEndian, of: part)
        let height = try reader.readUInt32(.bigEndian, of: part)
        let channels = try reader.readUInt8(of: part)
        let colourSpace = try reader.readUInt8(of: part)
        guard channels == 3 || channels == 4, colourSpace <= 1 else {
            throw HeaderError(offset: 12, reason: .malformed("QOI header (channels \(channels), colour space \(colourSpace))"))
        }
        let size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: part.name, at: 0)
        return ImageHeader(format: .qoi, storedSize: size)
    }
}
