/// What renditions to make of one image.
public struct RenditionRequest: Sendable, Equatable {
    /// Target widths of the JPEG (or PNG) fallback in display space (orientation applied). Widths above the image's display
    /// width are clamped to it; duplicates are made once.
    public var widths: [Int]
    /// The EXIF orientation of the source (1–8; anything else is treated as 1). The caller knows
    /// it from the header scan; every rendition is made upright and carries no orientation tag.
    /// Not applied to HEIF, AVIF and JPEG XL, whose decoders orient the pixels themselves.
    public var orientation: Int
    /// JPEG quality 1...100 (PNG renditions are lossless).
    public var quality: Int
    /// What the resampling filter averages; ``ResamplingSpace/default`` unless given.
    public var space: ResamplingSpace
    /// The width among `widths` that is the full-view image, if any. The decode leaves every
    /// other width a 2× margin for the Lanczos stage (as libvips does: DCT scaling alone is a
    /// crude filter at thumbnail sizes), but only needs to cover this one — at 2048 px a 1.5×
    /// margin is as sharp, and it spares 24-megapixel photos a full-scale decode.
    public var fullViewWidth: Int?
    /// WebP or AVIF renditions made from the same pixels (none by default). `widths` may then
    /// be empty, when only an alternate is missing.
    public var alternates: [AlternateEncoding]

    /// The default JPEG quality, chosen by measurement (see Benchmarks/renditions/README.md):
    /// the lowest quality whose renditions are as faithful as vipsthumbnail's default Q75 ones
    /// (mean PSNR against a lossless Lanczos-3 reference within 0.3 dB) at both benchmark widths.
    public static let defaultQuality = 80

    public init(widths: [Int], orientation: Int = 1, quality: Int = RenditionRequest.defaultQuality,
                space: ResamplingSpace = .default, fullViewWidth: Int? = nil, alternates: [AlternateEncoding] = []) {
        self.widths = widths
        self.orientation = orientation
        self.quality = quality
        self.space = space
        self.fullViewWidth = fullViewWidth
        self.alternates = alternates
    }
}
