/// Reads JPEG 2000: the JP2 file format (signature box, then the `jp2h`
/// header box whose `ihdr` holds height and width and whose `colr` may hold an
/// ICC profile) or a bare J2K codestream (SOC, then SIZ: the reference grid
/// minus the image offset).
enum JP2HeaderParser: HeaderParser {
    static var format: ImageFormat { .jp2 }

    static let signatureBox: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    private static let codestreamStart: [UInt8] = [0xFF, 0x4F, 0xFF, 0x51]

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(signatureBox, at: 0) || signature.matches(codestreamStart, at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        if try reader.peek(upTo: 4) == codestreamStart {
            return try readCodestream(using: &reader)
        }
        var position = signatureBox.count
        for _ in 0..<reader.limits.maxSegments {
            guard let box = try ISOBox.read(at: position, using: &reader) else { break }
            if box.type == FourCC.code("jp2h") {
                return try readHeaderBox(box, using: &reader)
            }
            guard let end = box.end else { break }
            position = end
        }
        throw HeaderError(offset: position, reason: .missing("'jp2h' header box"))
    }

    private static func readHeaderBox<Source: ByteSource>(
        _ box: ISOBox, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        let cap = min(reader.limits.maxBufferedBytes, 65_536)
        let wanted = min(box.end.map { $0 - box.payloadStart } ?? cap, cap)
        let bytes = try reader.readAvailable(at: box.payloadStart, upTo: wanted)
        let children = try ISOBox.children(of: bytes, from: 0, to: bytes.count, base: box.payloadStart,
                                           maxCount: reader.limits.maxSegments)
        var size: PixelSize?
        var metadata = ImageMetadata()
        for child in children {
            let p = child.payloadStart - box.payloadStart
            if child.type == FourCC.code("ihdr") {
                guard let height = bytes.uint32(at: p, .bigEndian), let width = bytes.uint32(at: p + 4, .bigEndian) else {
                    throw HeaderError(offset: child.start, reason: .truncated("'ihdr' box"))
                }
                size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: "'ihdr' box", at: child.start)
            } else if child.type == FourCC.code("colr"), let method = bytes.byte(at: p) {
                metadata.hasICCProfile = metadata.hasICCProfile || method == 2 || method == 3
            }
        }
        guard let size else {
            throw HeaderError(offset: box.start, reason: .missing("'ihdr' box in 'jp2h'"))
        }
        return ImageHeader(format: .jp2, storedSize: size, metadata: metadata.nonEmpty)
    }

    private static func readCodestream<Source: ByteSource>(
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        let part = InputPart("J2K SIZ segment", at: 2)
        reader.seek(to: 8)
        let gridWidth = try reader.readUInt32(.bigEndian, of: part)
        let gridHeight = try reader.readUInt32(.bigEndian, of: part)
        let offsetX = try reader.readUInt32(.bigEndian, of: part)
        let offsetY = try reader.readUInt32(.bigEndian, of: part)
        guard offsetX < gridWidth, offsetY < gridHeight else {
            throw HeaderError(offset: 2, reason: .malformed("J2K SIZ segment (image offset outside the grid)"))
        }
        let size = try PixelSize.checked(width: UInt64(gridWidth - offsetX), height: UInt64(gridHeight - offsetY),
                                         part: part.name, at: 2)
        return ImageHeader(format: .jp2, storedSize: size)
    }
}
