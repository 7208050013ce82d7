/// Reads a GIF's logical screen size (GIF87a/GIF89a): the canvas every frame
/// is drawn on, which is what browsers lay out; and whether it is animated
/// (more than one image, ``GIFFrameWalk``). Frames are never decoded.
enum GIFHeaderParser: HeaderParser {
    static var format: ImageFormat { .gif }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("GIF87a".utf8), at: 0) || signature.matches(Array("GIF89a".utf8), at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("GIF logical screen descriptor", at: 6)
        reader.seek(to: 6)
        let width = try reader.readUInt16(.littleEndian, of: part)
        let height = try reader.readUInt16(.littleEndian, of: part)
        let size = try PixelSize.checked(
            width: UInt64(width), height: UInt64(height), part: part.name, at: part.offset)
        // A file that ends after its size is still a (broken) still: the decoder decides.
        guard let packed = try? reader.readUInt8(of: part) else { return ImageHeader(format: .gif, storedSize: size) }
        return ImageHeader(format: .gif, storedSize: size, isAnimated: GIFFrameWalk.isAnimated(packed: packed, using: &reader))
    }
}
