/// Reads TIFF and BigTIFF: IFD0's `ImageWidth` (256) and `ImageLength` (257),
/// SHORT, LONG or LONG8, and its `Orientation` (274), plus the metadata the
/// Exif reader finds from IFD0 on (the same code reads Exif in JPEGs),
/// including the XMP (tag 700) and IPTC (tag 33723) blobs.
///
/// The camera RAWs built on TIFF with its classic magic (DNG, CR2, NEF, ARW) are told apart from
/// plain TIFF here (``TIFFCameraRaw``), from IFD0 as ``read(using:)`` loads it; their size is
/// IFD0's until the scan asks LibRaw (a RAW's IFD0 often describes a preview).
enum TIFFHeaderParser: HeaderParser {
    static var format: ImageFormat { .tiff }

    /// TIFF or the camera RAW IFD0 says it is; a whole file or its first bytes (a RAW that
    /// cannot be told from these reads as TIFF).
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        var reader = Reader(source: bytes)
        guard let tiff = try? TIFFStructure.open(at: 0, end: nil, using: &reader) else { return .tiff }
        var structure = tiff
        guard let ifd0 = try? structure.loadIFD(at: structure.firstIFD, using: &reader) else {
            return TIFFCameraRaw.format(signature: bytes, ifd0: [], make: nil)
        }
        let make = try? ExifReader.read(ifd0: ifd0.entries.filter { $0.tag == ExifReader.Tag.make },
                                        of: &structure, using: &reader).metadata.make
        return TIFFCameraRaw.format(signature: bytes, ifd0: ifd0.entries, make: make ?? nil)
    }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches([0x49, 0x49, 0x2A, 0x00], at: 0) || signature.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0)
            || signature.matches([0x49, 0x49, 0x2B, 0x00], at: 0) || signature.matches([0x4D, 0x4D, 0x00, 0x2B], at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        // The reader is at byte 0: the bytes a CR2's marker is in, from the window the header comes in.
        let signature = try reader.peek(upTo: FormatSniffer.signatureLength)
        guard var tiff = try TIFFStructure.open(at: 0, end: nil, using: &reader) else {
            throw HeaderError(offset: 0, reason: .malformed("TIFF header"))
        }
        guard let ifd0 = try tiff.loadIFD(at: tiff.firstIFD, using: &reader) else {
            throw HeaderError(offset: 4, reason: .malformed("TIFF header (IFD0 offset \(tiff.firstIFD))"))
        }
        var width: UInt64?
        var height: UInt64?
        for entry in ifd0.entries {
            if entry.tag == 256 {
                width = tiff.unsignedValue(entry)
            } else if entry.tag == 257 {
                height = tiff.unsignedValue(entry)
            }
        }
        let ifdPosition = Int(clamping: tiff.firstIFD)
        guard let width, let height else {
            throw HeaderError(offset: ifdPosition, reason: .missing("ImageWidth and ImageLength in IFD0"))
        }
        let size = try PixelSize.checked(width: width, height: height, part: "TIFF IFD0", at: ifdPosition)
        var exif = ExifReader.Result()
        do {
            exif = try ExifReader.read(ifd0: ifd0.entries, of: &tiff, using: &reader, packets: true)
        } catch {
            // The size is known; unreadable metadata is only lost.
            if case .readFailed = error.reason { throw error }
        }
        return ImageHeader(
            format: TIFFCameraRaw.format(signature: signature, ifd0: ifd0.entries, make: exif.metadata.make),
            storedSize: size,
            orientation: exif.orientation ?? .up,
            orientationSource: exif.orientation == nil ? OrientationSource.none : .exif,
            metadata: exif.metadata.nonEmpty)
    }
}
