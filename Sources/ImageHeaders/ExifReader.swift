/// Reads orientation and descriptive metadata from TIFF-structured Exif data:
/// IFD0 (orientation, description, make, model, artist, copyright, ICC, the
/// Windows `XP*` text tags, and in TIFF files XMP tag 700 and IPTC tag
/// 33723), the Exif IFD
/// (original date and its offset, exposure and lens (``CameraExposure``),
/// body and lens serial numbers, owner name, where an iPhone's MakerNote lies)
/// and the GPS IFD (presence only).
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
        static let makerNote: UInt16 = 0x927C
        static let gpsIFD: UInt16 = 0x8825
        static let iccProfile: UInt16 = 0x8773
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
        static let xpTitle: UInt16 = 0x9C9B
        static let xpComment: UInt16 = 0x9C9C
        static let xpKeywords: UInt16 = 0x9C9E
        static let xpSubject: UInt16 = 0x9C9F
        static let cameraOwnerName: UInt16 = 0xA430
        static let bodySerialNumber: UInt16 = 0xA431
        static let lensSerialNumber: UInt16 = 0xA435
        static let xmp: UInt16 = 700
        static let iptc: UInt16 = 33723
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

    /// The orientation alone of the Exif block `tiffStart..<end`: what
    /// ``read(in:tiffStart:end:)`` gives as ``Result/orientation`` (the last
    /// orientation entry of IFD0), without reading the text, the sub-IFDs or
    /// the MakerNote. For ``HeaderDetail/layout`` reads.
    static func orientation<Source: ByteSource>(
        in reader: inout Reader<Source>, tiffStart: Int, end: Int?
    ) throws(HeaderError) -> Orientation? {
        do {
            guard var tiff = try TIFFStructure.open(at: tiffStart, end: end, using: &reader),
                  let entry = try tiff.lastEntry(tagged: Tag.orientation, inIFDAt: tiff.firstIFD, using: &reader)
            else { return nil }
            return orientation(entry, in: tiff)
        } catch {
            if case .truncated = error.reason { return nil }
            throw error
        }
    }

    /// Interprets IFD0's entries (already loaded, e.g. by the TIFF parser) and
    /// follows its Exif and GPS pointers. `packets`: also read XMP (700) and
    /// IPTC (33723) blobs; only TIFF files ask, since in an Exif block they
    /// are non-standard and reading them would cost JPEG scans extra fetches.
    static func read<Source: ByteSource>(
        ifd0: [TIFFStructure.Entry], of tiff: inout TIFFStructure, using reader: inout Reader<Source>,
        packets: Bool = false
    ) throws(HeaderError) -> Result {
        var result = Result()
        // The rarely present fields are gathered here and boxed once at the
        // end: each set through ``ImageMetadata`` makes a new box.
        var extras = ImageMetadata.Extras()
        var exifOffset: UInt64?
        var gpsOffset: UInt64?
        var blobs: [TIFFStructure.Entry] = []
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
            case Tag.xpTitle:
                extras.xpTitle = try utf16Text(entry, in: tiff, using: &reader)
            case Tag.xpComment:
                extras.xpComment = try utf16Text(entry, in: tiff, using: &reader)
            case Tag.xpSubject:
                extras.xpSubject = try utf16Text(entry, in: tiff, using: &reader)
            case Tag.xpKeywords:
                extras.xpKeywords = try utf16Text(entry, in: tiff, using: &reader)
                    .map(Self.keywordList) ?? []
            case Tag.xmp where packets, Tag.iptc where packets:
                // Read after the sub-IFDs, which usually lie before these blobs.
                blobs.append(entry)
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
            extras.exposure = try exposure(from: exif.entries, in: tiff, using: &reader)
            for entry in exif.entries {
                switch entry.tag {
                case Tag.dateTimeOriginal:
                    result.metadata.dateTimeOriginal = try text(entry, in: tiff, using: &reader)
                case Tag.offsetTimeOriginal:
                    result.metadata.offsetTimeOriginal = try text(entry, in: tiff, using: &reader)
                case Tag.bodySerialNumber:
                    extras.bodySerialNumber = try text(entry, in: tiff, using: &reader)
                case Tag.lensSerialNumber:
                    extras.lensSerialNumber = try text(entry, in: tiff, using: &reader)
                case Tag.cameraOwnerName:
                    extras.cameraOwnerName = try text(entry, in: tiff, using: &reader)
                case Tag.makerNote where result.metadata.make == "Apple":
                    // Only an iPhone's is noted, and only where it lies: its Live Photo
                    // identifier is read when a movie of the photo's name asks (``AppleMakerNote``).
                    extras.appleMakerNote = AppleMakerNote.location(of: entry, in: tiff)
                default:
                    break
                }
            }
        }
        if let gpsOffset, let gps = try? tiff.loadIFD(at: gpsOffset, using: &reader) {
            result.metadata.hasGPS = !gps.entries.isEmpty
        }
        for entry in blobs {
            if entry.tag == Tag.xmp {
                extras.xmpPacket = try blob(entry, in: tiff, cap: ImageMetadata.maxXMPPacketLength,
                                                     using: &reader)
            } else if let bytes = try blob(entry, in: tiff, cap: 1 << 20, using: &reader) {
                // IIM records are small; one over 1 MiB is not worth keeping.
                extras.iptc = IPTCRecord(iimBytes: bytes)
            }
        }
        result.metadata.extras = extras
        return result
    }

    /// The orientation value 1…8 of a SHORT entry; LONG, SSHORT and SLONG
    /// with count 1 are tolerated, as Pillow and exiftool honour them (SHORT
    /// with count 2 too, as before). `nil` for anything else.
    static func orientation(_ entry: TIFFStructure.Entry, in tiff: TIFFStructure) -> Orientation? {
        let value: Int64?
        switch entry.type {
        case 3 where entry.count == 1 || entry.count == 2: value = tiff.unsignedValue(entry).map(Int64.init)
        case 4 where entry.count == 1: value = tiff.unsignedValue(entry).map(Int64.init)
        case 8 where entry.count == 1:
            value = entry.field.uint16(at: 0, tiff.order).map { Int64(Int16(bitPattern: $0)) }
        case 9 where entry.count == 1:
            value = entry.field.uint32(at: 0, tiff.order).map { Int64(Int32(bitPattern: $0)) }
        default: value = nil
        }
        guard let value, let raw = UInt8(exactly: value) else { return nil }
        return Orientation(rawValue: raw)
    }

    /// `XPKeywords` holds one string with `;` between keywords.
    static func keywordList(_ text: String) -> [String] {
        text.split(separator: ";").compactMap { ImageMetadata.cleanedText(String($0)) }
    }

    /// A Windows `XP*` tag: BYTE (or UNDEFINED) holding UTF-16LE, cleaned.
    private static func utf16Text<Source: ByteSource>(
        _ entry: TIFFStructure.Entry, in tiff: TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> String? {
        guard entry.type == 1 || entry.type == 7 else { return nil }
        guard let bytes = try blob(entry, in: tiff, cap: ImageMetadata.maxStringLength * 4, using: &reader,
                                   allowCut: true) else { return nil }
        return ExifText.cleanUTF16LE(bytes)
    }

    /// The bytes of a BYTE/UNDEFINED (or, for IPTC, LONG) entry; `nil` when
    /// absent, unreadable, or over `cap` unless `allowCut` (a cut XMP packet
    /// or IIM record would be garbage; cut text is only shorter).
    private static func blob<Source: ByteSource>(
        _ entry: TIFFStructure.Entry, in tiff: TIFFStructure, cap: Int, using reader: inout Reader<Source>,
        allowCut: Bool = false
    ) throws(HeaderError) -> [UInt8]? {
        guard entry.type == 1 || entry.type == 4 || entry.type == 7, let size = TIFFStructure.elementSize(of: entry.type) else { return nil }
        let (total, overflow) = entry.count.multipliedReportingOverflow(by: UInt64(size))
        guard !overflow, total > 0, allowCut || total <= UInt64(cap) else { return nil }
        do {
            return try tiff.valueBytes(entry, cap: cap, using: &reader)
        } catch {
            if case .truncated = error.reason { return nil }
            throw error
        }
    }

    /// A text field (ASCII, UTF-8, or BYTE/UNDEFINED holding text), cleaned.
    static func text<Source: ByteSource>(
        _ entry: TIFFStructure.Entry, in tiff: TIFFStructure, using reader: inout Reader<Source>
    ) throws(HeaderError) -> String? {
        switch entry.type {
        case 1, 2, 7, 129: break
        default: return nil
        }
        // Four bytes per kept character is enough for any UTF-8.
        let cap = ImageMetadata.maxStringLength * 4
        do {
            guard let bytes = try tiff.valueSlice(entry, cap: cap, using: &reader) else { return nil }
            return ExifText.clean(bytes)
        } catch {
            if case .truncated = error.reason { return nil }
            throw error
        }
    }
}
