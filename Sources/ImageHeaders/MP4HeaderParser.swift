/// Reads MP4, 3GP and QuickTime (`.mov`) headers: the `moov` box's first
/// enabled video track (`tkhd` size and display matrix), the movie's
/// duration and creation time (`mvhd`), and the user data phones add
/// (`©day`, `©xyz`, Apple's `mdta` keys).
///
/// Only box headers and the few small boxes named are read: `mdat` (the
/// media, usually most of the file) is skipped by its size, so a `moov`
/// written at the end costs one more read, and the sample tables inside
/// `stbl` are never loaded.
enum MP4HeaderParser: HeaderParser {
    static var format: ImageFormat { .mp4 }

    static func matches(signature: [UInt8]) -> Bool {
        if let brands = ISOBox.fileTypeBrands(inSignature: signature) {
            return brands.contains(where: MP4Brand.video.contains)
        }
        if signature.matches(Array("ftyp".utf8), at: 4) { return false }
        // A QuickTime file from before `ftyp`: a plausible first box of a movie's kind.
        guard let size = signature.uint32(at: 0, .bigEndian), let type = signature.fourCC(at: 4) else { return false }
        return MP4Brand.bareQuickTimeOpenings.contains(type) && (size == 1 || size >= 8)
    }

    /// QuickTime for the `qt  ` major brand or no `ftyp` box at all (older movies), else MP4.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        guard bytes.matches(Array("ftyp".utf8), at: 4), let major = bytes.uint32(at: 8, .bigEndian) else { return .mov }
        return formatOf(majorBrand: major)
    }

    private static func formatOf(majorBrand: UInt32) -> ImageFormat {
        majorBrand == MP4Brand.quickTime ? .mov : .mp4
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        var format = ImageFormat.mov
        var position = 0
        if let first = try ISOBox.read(at: 0, using: &reader), first.type == FourCC.code("ftyp") {
            guard let end = first.end, end - first.payloadStart <= 4096, end - first.payloadStart >= 4 else {
                throw HeaderError(offset: 0, reason: .malformed("'ftyp' box"))
            }
            reader.seek(to: first.payloadStart)
            format = formatOf(majorBrand: try reader.readUInt32(.bigEndian, of: InputPart("'ftyp' box", at: 0)))
            position = end
        }
        for _ in 0..<reader.limits.maxSegments {
            guard let box = try ISOBox.read(at: position, using: &reader) else { break }
            if box.type == FourCC.code("moov") {
                guard let end = box.end else {
                    throw HeaderError(offset: box.start, reason: .malformed("'moov' box (size 0)"))
                }
                let movie = try MP4Movie.read(box.payloadStart..<end, using: &reader)
                return try movie.header(format: format, at: box.start)
            }
            guard let end = box.end else { break }
            position = end
        }
        throw HeaderError(offset: position, reason: .missing("'moov' box"))
    }
}

extension ISOBox {
    /// The boxes filling `range` of the input, read header by header (no
    /// payload is loaded), at most `limits.maxSegments` of them.
    static func children<Source: ByteSource>(
        in range: Range<Int>, using reader: inout Reader<Source>
    ) throws(HeaderError) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var position = range.lowerBound
        while position <= range.upperBound - 8 {
            guard boxes.count < reader.limits.maxSegments else {
                throw HeaderError(offset: position, reason: .limitExceeded("\(reader.limits.maxSegments) boxes"))
            }
            guard let box = try read(at: position, using: &reader) else { break }
            let end = box.end ?? range.upperBound
            guard end <= range.upperBound else {
                throw HeaderError(offset: box.start, reason: .malformed("'\(FourCC.name(box.type))' box (runs past its container)"))
            }
            boxes.append(ISOBox(type: box.type, start: box.start, payloadStart: box.payloadStart, end: end))
            position = end
        }
        return boxes
    }

    /// The payload of a small box, at most `cap` bytes of it.
    func payload<Source: ByteSource>(upTo cap: Int, using reader: inout Reader<Source>) throws(HeaderError) -> [UInt8] {
        let length = max(0, (end ?? payloadStart) - payloadStart)
        return try reader.readAvailable(at: payloadStart, upTo: min(length, cap))
    }
}
