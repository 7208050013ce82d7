/// Reads orientation and descriptive metadata from TIFF-structured Exif data:
/// IFD0 (orientation, description, make, model, artist, copyright, ICC), the
/// Exif IFD (original date and its offset) and the GPS IFD (presence only).
///
/// IFD1 describes the thumbnail and is never read. Exif that is malformed
/// never fails the image, since viewers ignore it too: the faulty part reads
/// as absent. Only source failures and read limits are thrown.
enum ExifReader {
    /// What one Exif block says.
    struct Result {
        var orientation: Orientation?
        var metadata = ImageMetadata()
    }

    enum Tag {
        static let imageDescription: UInt16 = 0x010E
        static let make: UInt16 = 0x010F
        static let model: UInt16 = 0x0110
        static let orientation: UInt16 = 0x0112
        static let artist: UInt16 = 0x013B
        static let copyright: UInt16 = 0x8298
        static let exifIFD: UInt16 = 0x8769
        static let gpsIFD: UInt16 = 0x8825
        static let iccProfile: UInt16 = 0x8773
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
    }

    /// Reads the Exif block `tiffStart..<end` (absolute offsets; `end` `nil`
    /// for "to the end of input"). Leaves the reader at an unspecified position.
    static func read<Source: ByteSource>(
        in reader: inout Reader<Source>, tiffStart: Int, end: Int?
    ) throws(HeaderError) -> Result {
        do {
            guard var tiff = try TIFFStructure.open(at: tiffStart, end: end, using: &reader),
                  let ifd0 = try tiff.loadIFD(at: tiff.firstIFD, using: &reader) else { return Result() }
            return try read(ifd0: ifd0.entries, of: &tiff, using: &reader)
        } catch {
            if case .truncated = error.reason { return Result() }
            throw error
        }
    }

    /// Interprets IFD0's entries (already loaded, e.g. by the TIFF parser) and
    /// follows its Exif and GPS pointers.
    static func read<Source: ByteSource>(
        ifd0: [TIFFStructure.Entry], of tiff: inout TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> Result {
        var result = Result()
        var exifOffset: UInt64?
        var gpsOffset: UInt64?
        for entry in ifd0 {
            switch entry.tag {
            case Tag.orientation:
                result.orientation = orientation(entry, in: tiff)
            case Tag.imageDescription:
                result.metadata.imageDescription = try text(entry, in: tiff, using: &reader)
            case Tag.make:
                result.metadata.make = try text(entry, in: tiff, using: &reader)
            case Tag.model:
                result.metadata.model = try text(entry, in: tiff, using: &reader)
            case Tag.artist:
                result.metadata.artist = try text(entry, in: tiff, using: &reader)
            case Tag.copyright:
                result.metadata.copyright = try text(entry, in: tiff, using: &reader)
            case Tag.iccProfile:
                result.metadata.hasICCProfile = entry.count > 0
            case Tag.exifIFD:
                exifOffset = tiff.unsignedValue(entry)
            case Tag.gpsIFD:
                gpsOffset = tiff.unsignedValue(entry)
            default:
                break
            }
        }
        // A broken sub-IFD loses only what it holds.
        if let exifOffset, let exif = try? tiff.loadIFD(at: exifOffset, using: &reader) {
            for entry in exif.entries {
                if entry.tag == Tag.dateTimeOriginal {
                    result.metadata.dateTimeOriginal = try text(entry, in: tiff, using: &reader)
                } else if entry.tag == Tag.offsetTimeOriginal {
                    result.metadata.offsetTimeOriginal = try text(entry, in: tiff, using: &reader)
                }
            }
        }
        if let gpsOffset, let gps = try? tiff.loadIFD(at: gpsOffset, using: &reader) {
            result.metadata.hasGPS = !gps.entries.isEmpty
        }
        return result
    }

    /// The orientation value 1…8 of a SHORT entry (LONG tolerated; larger counts
    /// mean a broken entry); `nil` for anything else.
    static func orientation(_ entry: TIFFStructure.Entry, in tiff: TIFFStructure) -> Orientation? {
        let value: UInt64?
        switch entry.type {
        case 3 where entry.count == 1 || entry.count == 2: value = tiff.unsignedValue(entry)
        case 4 where entry.count == 1: value = tiff.unsignedValue(entry)
        default: value = nil
        }
        guard let value, let raw = UInt8(exactly: value) else { return nil }
        return Orientation(rawValue: raw)
    }

    /// A text field (ASCII, UTF-8, or BYTE/UNDEFINED holding text), cleaned.
    private static func text<Source: ByteSource>(
        _ entry: TIFFStructure.Entry, in tiff: TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> String? {
        guard [1, 2, 7, 129].contains(entry.type) else { return nil }
        // Four bytes per kept character is enough for any UTF-8.
        let cap = ImageMetadata.maxStringLength * 4
        do {
            guard let bytes = try tiff.valueBytes(entry, cap: cap, using: &reader) else { return nil }
            return ExifText.clean(bytes)
        } catch {
            if case .truncated = error.reason { return nil }
            throw error
        }
    }
}
