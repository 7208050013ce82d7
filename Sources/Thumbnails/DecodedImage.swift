import ImageHeaders
/// The result of a decode: pixels (possibly DCT-scaled), the file's stored size, and its ICC profile.
public struct DecodedImage: Sendable, Equatable {
    /// Pixels in stored orientation (EXIF orientation not applied), unless ``isOriented``.
    public var pixels: PixelBuffer
    public var format: ImageFormat
    /// Width and height stored in the file; `pixels` is smaller when the JPEG was DCT-scaled.
    public var fullWidth: Int
    public var fullHeight: Int
    /// The embedded ICC profile (JPEG APP2 / PNG iCCP), carried into renditions.
    public var iccProfile: [UInt8]?
    /// Library warnings that were tolerated (see `DecodeLimits.allowCorruptData`).
    public var warnings: Int
    /// True when the decoder already applied the file's own orientation (HEIF `irot`/`imir` and
    /// `clap`, the JPEG XL codestream orientation): `pixels` are as displayed and ``fullWidth`` ×
    /// ``fullHeight`` is the display size, so no orientation may be applied on top.
    public var isOriented: Bool = false
}
