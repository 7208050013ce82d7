/// Descriptive metadata read from the header in the same pass as the size:
/// when and by whom a photo was taken, and two privacy/colour flags.
///
/// Strings come from Exif ASCII/UTF-8 fields: decoded lossily as UTF-8, cut at
/// the first NUL, with control characters removed, surrounding spaces trimmed
/// and length capped at ``maxStringLength`` characters, so they are safe to
/// log. They are *not* HTML-escaped; templates escape them.
public struct ImageMetadata: Sendable, Equatable, Hashable {
    /// Longest string kept from one Exif field, in characters.
    public static let maxStringLength = 2000

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
    }

    /// Whether nothing at all was found.
    public var isEmpty: Bool {
        self == ImageMetadata()
    }

    /// `self` when something was found, else `nil`: the form ``ImageHeader/metadata`` holds.
    var nonEmpty: ImageMetadata? {
        isEmpty ? nil : self
    }
}
