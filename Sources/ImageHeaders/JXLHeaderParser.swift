/// Reads JPEG XL: a naked codestream (`FF 0A`) or the ISO BMFF container
/// (`JXL ` signature box), whose codestream is one `jxlc` box or split over
/// `jxlp` boxes (a 4-byte index, then a piece; the last may have size 0).
/// The container's `Exif` box gives metadata; orientation always comes from
/// the codestream, where it is always present (default 1).
enum JXLHeaderParser: HeaderParser {
    static var format: ImageFormat { .jxl }

    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    /// Codestream bytes gathered: the headers needed fit in far fewer unless
    /// extra-channel names are long.
    private static let codestreamPrefix = 4096

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches([0xFF, 0x0A], at: 0) || signature.matches(containerSignature, at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let head = try reader.peek(upTo: 2)
        if head == [0xFF, 0x0A] {
            let bytes = try reader.readAvailable(at: 0, upTo: codestreamPrefix)
            return header(try JXLCodestream.parse(bytes, at: 0), metadata: ImageMetadata())
        }
        var codestream: [UInt8] = []
        var metadata = ImageMetadata()
        var position = containerSignature.count
        var complete = false
        var walked = 0
        while !complete, walked < reader.limits.maxSegments {
            walked += 1
            guard let box = try ISOBox.read(at: position, using: &reader) else { break }
            let available = box.end.map { $0 - box.payloadStart } ?? codestreamPrefix
            switch box.type {
            case FourCC.code("jxlc"):
                codestream = try reader.readAvailable(at: box.payloadStart, upTo: min(available, codestreamPrefix))
                complete = true
            case FourCC.code("jxlp"):
                guard available >= 4 else {
                    throw HeaderError(offset: box.start, reason: .malformed("'jxlp' box (size \(available + 8))"))
                }
                let index = try reader.readAvailable(at: box.payloadStart, upTo: 4)
                let wanted = min(available - 4, codestreamPrefix - codestream.count)
                codestream += try reader.readAvailable(at: box.payloadStart + 4, upTo: wanted)
                // The top bit of the index marks the last piece.
                complete = codestream.count >= codestreamPrefix || (index.first ?? 0) & 0x80 != 0
            case FourCC.code("Exif"):
                let prefix = try reader.readAvailable(at: box.payloadStart, upTo: 4)
                if let skip = prefix.uint32(at: 0, .bigEndian), let end = box.end,
                   Int(skip) <= end - box.payloadStart - 4 {
                    metadata = try ExifReader.read(in: &reader, tiffStart: box.payloadStart + 4 + Int(skip), end: end).metadata
                }
            default:
                break
            }
            guard let end = box.end else { break }
            position = end
        }
        guard !codestream.isEmpty else {
            throw HeaderError(offset: position, reason: .missing("'jxlc' or 'jxlp' codestream box"))
        }
        return header(try JXLCodestream.parse(codestream, at: position), metadata: metadata)
    }

    private static func header(_ fields: JXLCodestream.Fields, metadata: ImageMetadata) -> ImageHeader {
        var metadata = metadata
        metadata.hasICCProfile = fields.hasICCProfile ?? false
        return ImageHeader(format: .jxl, storedSize: fields.size, orientation: fields.orientation,
                           orientationSource: .jxlCodestream, metadata: metadata.nonEmpty)
    }
}
