/// Where an image's ``Orientation`` came from.
///
/// An absent tag and an out-of-range value (0, 9, …) both read as ``none``:
/// viewers ignore such values, so the image is shown as stored.
public enum OrientationSource: String, Sendable, CustomStringConvertible {
    /// No valid orientation in the file; ``Orientation/up`` is implied.
    case none
    /// Tag 0x0112 of IFD0 in the file's Exif data (JPEG APP1, PNG `eXIf`,
    /// WebP `EXIF`) or of a TIFF file's IFD0.
    case exif
    /// The HEIF/AVIF primary item's `irot`/`imir` properties (or the `mini`
    /// box's orientation), mapped to the Exif value they amount to. Exif data
    /// inside HEIF is ignored for orientation, as MIAF requires.
    case heifTransform
    /// The JPEG XL codestream's `orientation` field, which is always present.
    case jxlCodestream
    /// A video track's display matrix (ISO BMFF `tkhd`) turned by a right
    /// angle or mirrored, as phones record a portrait clip.
    case trackMatrix

    /// The raw value, e.g. `exif`.
    public var description: String {
        rawValue
    }
}
