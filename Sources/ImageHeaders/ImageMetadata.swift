/// Descriptive metadata read from the header in the same pass as the size:
/// when and by whom a photo was taken, what it shows (Exif and Windows `XP*`
/// text, IPTC-IIM), privacy-relevant fields, and the raw XMP packet for a
/// later stage to parse (this module does no XML).
///
/// Strings come from Exif ASCII/UTF-8 fields (`XP*` tags: UTF-16LE): decoded
/// lossily, cut at the first NUL, with CR, LF, CRLF and tab turned into one
/// space, other control characters removed, surrounding spaces trimmed and
/// length capped at ``maxStringLength`` characters, so they are safe to log.
/// They are *not* HTML-escaped; templates escape them.
public struct ImageMetadata: Sendable, Equatable, Hashable {
    /// Longest string kept from one Exif field, in characters.
    public static let maxStringLength = 2000
    /// Largest embedded XMP packet kept, in bytes (256 KiB).
    public static let maxXMPPacketLength = 256 << 10

    /// Exif `DateTimeOriginal` (0x9003) as written, e.g. `2024:05:01 14:03:59`.
    public var dateTimeOriginal: String?
    /// Exif `OffsetTimeOriginal` (0x9011), the UTC offset of ``dateTimeOriginal``, e.g. `+02:00`.
    public var offsetTimeOriginal: String?
    /// Exif/TIFF `ImageDescription` (0x010E).
    public var imageDescription: String?
    /// Exif/TIFF `Artist` (0x013B).
    public var artist: String?
    /// Exif/TIFF `Copyright` (0x8298).
    public var copyright: String?
    /// Camera maker, Exif/TIFF `Make` (0x010F).
    public var make: String?
    /// Camera model, Exif/TIFF `Model` (0x0110).
    public var model: String?
    /// Windows `XPTitle` (0x9C9B in IFD0).
    public var xpTitle: String? {
        get { extras.xpTitle }
        set { extras.xpTitle = newValue }
    }
    /// Windows `XPComment` (0x9C9C in IFD0).
    public var xpComment: String? {
        get { extras.xpComment }
        set { extras.xpComment = newValue }
    }
    /// Windows `XPKeywords` (0x9C9E in IFD0), split at `;`, in order, empty parts dropped.
    public var xpKeywords: [String] {
        get { extras.xpKeywords }
        set { extras.xpKeywords = newValue }
    }
    /// Windows `XPSubject` (0x9C9F in IFD0).
    public var xpSubject: String? {
        get { extras.xpSubject }
        set { extras.xpSubject = newValue }
    }
    /// Exif `BodySerialNumber` (0xA431): identifies the camera, so a privacy concern.
    public var bodySerialNumber: String? {
        get { extras.bodySerialNumber }
        set { extras.bodySerialNumber = newValue }
    }
    /// Exif `LensSerialNumber` (0xA435): identifies the lens, so a privacy concern.
    public var lensSerialNumber: String? {
        get { extras.lensSerialNumber }
        set { extras.lensSerialNumber = newValue }
    }
    /// Exif `CameraOwnerName` (0xA430): names a person, so a privacy concern.
    public var cameraOwnerName: String? {
        get { extras.cameraOwnerName }
        set { extras.cameraOwnerName = newValue }
    }
    /// Where an iPhone's Apple MakerNote lies in the bytes the header was
    /// read from (absolute offsets). Its content identifier, which pairs a
    /// Live Photo's still with its movie, is read from there only when a
    /// movie of the same name asks (``appleContentIdentifier(in:)``): most
    /// photos have none beside them.
    public var appleMakerNote: Range<Int>? {
        get { extras.appleMakerNote }
        set { extras.appleMakerNote = newValue }
    }
    /// Exposure and lens from the Exif IFD; nil when none was found.
    public var exposure: CameraExposure? {
        get { extras.exposure }
        set { extras.exposure = newValue }
    }
    /// The IPTC-IIM record (JPEG APP13 Photoshop resource 0x0404, TIFF tag
    /// 33723); `nil` when absent or unreadable.
    public var iptc: IPTCRecord? {
        get { extras.iptc }
        set { extras.iptc = newValue }
    }
    /// The raw embedded XMP packet (JPEG APP1 `http://ns.adobe.com/xap/1.0/`,
    /// PNG `iTXt` `XML:com.adobe.xmp` before `IDAT`, WebP `XMP ` chunk, TIFF
    /// tag 700), at most ``maxXMPPacketLength`` bytes; packets over the cap
    /// are dropped rather than cut (a cut packet is not XML). Kept as bytes
    /// so this module stays free of an XML parser; the `XMP` module parses it.
    public var xmpPacket: [UInt8]? {
        get { extras.xmpPacket }
        set { extras.xmpPacket = newValue }
    }
    /// The fields above that most files lack, boxed: kept inline they would
    /// make every header several times larger, and the scan copies headers
    /// (measured: 5–10 % slower `cascade scan` with them inline).
    var box: ExtrasBox?

    /// Whether the Exif data holds a GPS IFD with at least one entry, so that
    /// later stages can warn before publishing a location.
    public var hasGPS: Bool
    /// Whether an ICC colour profile is embedded (JPEG APP2, PNG `iCCP`, WebP
    /// `ICCP`, TIFF tag 34675, HEIF `colr` `prof`/`rICC`, BMP `MBED`, …).
    public var hasICCProfile: Bool

    /// Creates metadata; every field defaults to absent.
    public init(
        dateTimeOriginal: String? = nil,
        offsetTimeOriginal: String? = nil,
        imageDescription: String? = nil,
        artist: String? = nil,
        copyright: String? = nil,
        make: String? = nil,
        model: String? = nil,
        xpTitle: String? = nil,
        xpComment: String? = nil,
        xpKeywords: [String] = [],
        xpSubject: String? = nil,
        bodySerialNumber: String? = nil,
        lensSerialNumber: String? = nil,
        cameraOwnerName: String? = nil,
        iptc: IPTCRecord? = nil,
        xmpPacket: [UInt8]? = nil,
        hasGPS: Bool = false,
        hasICCProfile: Bool = false
    ) {
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.imageDescription = imageDescription
        self.artist = artist
        self.copyright = copyright
        self.make = make
        self.model = model
        self.hasGPS = hasGPS
        self.hasICCProfile = hasICCProfile
        // Plain nil checks first: every header read makes a few empty values.
        let noExtras = xpTitle == nil && xpComment == nil && xpKeywords.isEmpty && xpSubject == nil
            && bodySerialNumber == nil && lensSerialNumber == nil && cameraOwnerName == nil && iptc == nil
            && xmpPacket == nil
        if !noExtras {
            extras = Extras(xpTitle: xpTitle, xpComment: xpComment, xpKeywords: xpKeywords, xpSubject: xpSubject,
                            bodySerialNumber: bodySerialNumber, lensSerialNumber: lensSerialNumber,
                            cameraOwnerName: cameraOwnerName, iptc: iptc, xmpPacket: xmpPacket)
        }
    }

    /// Every text field, for checks that all of them are clean (fuzzing, tests).
    var allText: [String] {
        [dateTimeOriginal, offsetTimeOriginal, imageDescription, artist, copyright, make, model,
         xpTitle, xpComment, xpSubject, bodySerialNumber, lensSerialNumber, cameraOwnerName,
         exposure?.lensMake, exposure?.lensModel].compactMap { $0 }
            + xpKeywords + (iptc?.allText ?? [])
    }

    /// Whether nothing at all was found.
    public var isEmpty: Bool {
        // Field by field rather than `== ImageMetadata()`: this runs once per file.
        dateTimeOriginal == nil && offsetTimeOriginal == nil && imageDescription == nil && artist == nil
            && copyright == nil && make == nil && model == nil && box == nil && !hasGPS && !hasICCProfile
    }

    /// `self` when something was found, else `nil`: the form ``ImageHeader/metadata`` holds.
    var nonEmpty: ImageMetadata? {
        isEmpty ? nil : self
    }
}
