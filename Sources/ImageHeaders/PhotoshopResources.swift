/// Photoshop image resource blocks, as JPEG APP13 (`Photoshop 3.0\0`) and
/// PSD files hold them: `8BIM`, a 2-byte id, a Pascal name padded to an even
/// length, a 4-byte size and the data, padded to an even length.
///
/// Pure and bounded: every length is checked against the bytes, so any input
/// ends in a value or a ``HeaderError`` carrying the offset of the faulty block.
enum PhotoshopResources {
    /// The resource that holds the IPTC-IIM record.
    static let iptcResource: UInt16 = 0x0404
    /// `Photoshop 3.0\0`, the identifier that opens an APP13 payload.
    static let app13Identifier: [UInt8] = Array("Photoshop 3.0".utf8) + [0]

    /// Signatures of resource blocks: Photoshop's own and those older
    /// writers used (exiftool accepts the same set).
    private static let signatures: Set<UInt32> = [
        FourCC.code("8BIM"), FourCC.code("PHUT"), FourCC.code("DCSR"), FourCC.code("AgHg"),
    ]

    /// The data of every resource `id` in `bytes`, concatenated in order (a
    /// large IPTC record may be split over several blocks); `nil` when none.
    /// A block past the end of the bytes ends the walk with `truncated`.
    static func data(of id: UInt16, in bytes: [UInt8]) throws(HeaderError) -> [UInt8]? {
        var reader = Reader(source: bytes, limits: HeaderLimits(maxBytesRead: bytes.count + Reader<[UInt8]>.windowSize))
        var found: [UInt8]?
        var position = 0
        while position < bytes.count {
            let part = InputPart("Photoshop image resource", at: position)
            reader.seek(to: position)
            guard signatures.contains(try reader.readUInt32(.bigEndian, of: part)) else {
                // Padding or junk after the last block ends the list, as in Photoshop.
                break
            }
            let resource = try reader.readUInt16(.bigEndian, of: part)
            let nameLength = Int(try reader.readUInt8(of: part))
            // Length byte plus name, padded to an even count.
            let namePadded = (1 + nameLength + 1) & ~1
            reader.seek(to: position + 6 + namePadded)
            let size = Int(try reader.readUInt32(.bigEndian, of: part))
            let dataStart = position + 6 + namePadded + 4
            guard size <= bytes.count - dataStart else { throw part.truncated }
            if resource == id {
                found = (found ?? []) + bytes[dataStart..<(dataStart + size)]
            }
            position = dataStart + size + (size & 1)
        }
        return found
    }
}
