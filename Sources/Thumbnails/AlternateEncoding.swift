import ImageHeaders
/// Renditions of one image to make in a format besides the JPEG (or PNG) fallback — WebP or
/// AVIF, which a `<picture>` offers to the browsers that read them — from the same resampled
/// pixels as the fallback, so the photo is still decoded once.
public struct AlternateEncoding: Sendable, Equatable {
    /// `.webp` or `.avif`.
    public var format: ImageFormat
    /// The encoder's quality, 0...100 (its own scale, not JPEG's).
    public var quality: Int
    /// Display widths, clamped and made unique as the fallback's are.
    public var widths: [Int]

    public init(format: ImageFormat, quality: Int, widths: [Int]) {
        self.format = format
        self.quality = quality
        self.widths = widths
    }

    /// The formats an alternate may be in (each has a ``PixelEncoder`` in the registry).
    public static let formats: [ImageFormat] = [.avif, .webp]
}
