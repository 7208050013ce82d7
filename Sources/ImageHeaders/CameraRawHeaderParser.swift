/// Reads the camera RAWs with signatures of their own: Olympus ORF and Panasonic RW2 (TIFF with
/// another magic), Fujifilm RAF (its own header, holding a JPEG with the Exif) and Canon CR3
/// (ISO BMFF, brand `crx `, the Exif IFD0 in a `CMT1` box). The TIFF-based RAWs with the classic
/// magic (DNG, CR2, NEF, ARW) are read by ``TIFFHeaderParser``.
///
/// The size given is what the file's own header states (IFD0, the RAF's JPEG, CR3's `CMT1`),
/// which is not always the image a RAW publishes: the build's scan replaces it with LibRaw's
/// (the embedded preview or the developed image), so scan and decode agree on every camera.
/// Orientation and metadata are read here, as for a TIFF.
enum CameraRawHeaderParser: HeaderParser {
    static var format: ImageFormat { .orf }

    static let rafSignature = Array("FUJIFILMCCD-RAW ".utf8)
    /// The CR3 major brand.
    static let cr3Brand = FourCC.code("crx ")
    /// Canon's `uuid` box inside `moov` that holds the CMT metadata boxes.
    static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0,
                                     0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    /// Bytes of a RAF's embedded JPEG or a CR3's `moov` read for metadata.
    static let maxMetadataBytes = 256 * 1024

    static func matches(signature: [UInt8]) -> Bool {
        rawTIFFFormat(signature) != nil || signature.matches(rafSignature, at: 0)
            || ISOBox.fileTypeBrands(inSignature: signature)?.first == cr3Brand
    }

    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        if let format = rawTIFFFormat(bytes) { return format }
        return bytes.matches(rafSignature, at: 0) ? .raf : .cr3
    }

    /// ORF or RW2 by their TIFF magic, else nil.
    static func rawTIFFFormat(_ signature: [UInt8]) -> ImageFormat? {
        if signature.matches(Array("IIRO".utf8), at: 0) || signature.matches(Array("IIRS".utf8), at: 0)
            || signature.matches(Array("MMOR".utf8), at: 0) { return .orf }
        if signature.matches([0x49, 0x49, 0x55, 0x00], at: 0) { return .rw2 }
        return nil
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let signature = try reader.peek(upTo: FormatSniffer.signatureLength)
        let format = format(leadingBytes: signature)
        switch format {
        case .raf: return try readRAF(using: &reader)
        case .cr3: return try readCR3(using: &reader)
        default: return try readTIFF(format, at: 0, using: &reader)
        }
    }

    /// An ORF, RW2 or CR3 `CMT1` block: IFD0's size (RW2: its sensor size tags 2 and 3) and Exif.
    static func readTIFF<Source: ByteSource>(_ format: ImageFormat, at start: Int,
                                             using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        guard var tiff = try TIFFStructure.open(at: start, end: nil, using: &reader, rawMagic: true),
              let ifd0 = try tiff.loadIFD(at: tiff.firstIFD, using: &reader) else {
            throw HeaderError(offset: start, reason: .malformed("\(format) TIFF header"))
        }
        func value(_ tag: UInt16) -> UInt64? { ifd0.entries.first { $0.tag == tag }.flatMap(tiff.unsignedValue) }
        guard let width = value(256) ?? value(2), let height = value(257) ?? value(3) else {
            throw HeaderError(offset: start, reason: .missing("image size in \(format) IFD0"))
        }
        let size = try PixelSize.checked(width: width, height: height, part: "\(format) IFD0", at: start)
        var exif = ExifReader.Result()
        do {
            exif = try ExifReader.read(ifd0: ifd0.entries, of: &tiff, using: &reader)
        } catch {
            if case .readFailed = error.reason { throw error }
        }
        return ImageHeader(format: format, storedSize: size, orientation: exif.orientation ?? .up,
                           orientationSource: exif.orientation == nil ? OrientationSource.none : .exif,
                           metadata: exif.metadata.nonEmpty)
    }

    /// A RAF: its embedded JPEG (offset and length at bytes 84 and 88, big-endian) read as a JPEG.
    static func readRAF<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let head = try reader.readAvailable(at: 0, upTo: 92)
        guard let offset = head.uint32(at: 84, .bigEndian), let length = head.uint32(at: 88, .bigEndian),
              offset >= 92, length > 0 else {
            throw HeaderError(offset: 84, reason: .malformed("RAF header (JPEG offset)"))
        }
        let jpeg = try reader.readAvailable(at: Int(offset), upTo: min(Int(length), maxMetadataBytes))
        var inner = Reader(source: jpeg, limits: reader.limits)
        guard JPEGHeaderParser.matches(signature: Array(jpeg.prefix(FormatSniffer.signatureLength))) else {
            throw HeaderError(offset: Int(offset), reason: .malformed("RAF embedded JPEG"))
        }
        var header = try JPEGHeaderParser.read(using: &inner)
        header.format = .raf
        return header
    }

    /// A CR3: `moov`, then Canon's `uuid` box, then `CMT1` (a TIFF holding IFD0).
    static func readCR3<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        var position = 0
        for _ in 0..<16 {
            guard let box = try ISOBox.read(at: position, using: &reader), let end = box.end else { break }
            if box.type == FourCC.code("moov") {
                let length = min(end - box.payloadStart, maxMetadataBytes)
                let moov = try reader.readAvailable(at: box.payloadStart, upTo: length)
                for child in try ISOBox.children(of: moov, from: 0, to: moov.count, base: 0, maxCount: 256)
                where child.type == FourCC.code("uuid") && moov.matches(canonUUID, at: child.payloadStart) {
                    let inside = try ISOBox.children(of: moov, from: child.payloadStart + 16, to: child.end ?? moov.count,
                                                     base: 0, maxCount: 256)
                    if let cmt1 = inside.first(where: { $0.type == FourCC.code("CMT1") }) {
                        let block = Array(moov[cmt1.payloadStart..<(cmt1.end ?? moov.count)])
                        var inner = Reader(source: block, limits: reader.limits)
                        return try readTIFF(.cr3, at: 0, using: &inner)
                    }
                }
                break
            }
            position = end
        }
        throw HeaderError(offset: 0, reason: .missing("CR3 'CMT1' box"))
    }
}
