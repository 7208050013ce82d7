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
    /// The width among `widths` that is the full-view image, if any. A DCT-scaled decode leaves
    /// every other width made from it a 2× margin for the Lanczos stage (as libvips does: DCT
    /// scaling alone is a crude filter at thumbnail sizes), but this one only 1.25× — as sharp
    /// at 2048 px, and it spares 16- to 24-megapixel photos a full-scale decode (``RenditionMaker/decodeHint(_:fullViewWidth:)``).
    public var fullViewWidth: Int?
    /// The full-view image's height, when its box bounds the height (a tall portrait):
    /// derived from its whole-pixel width it could land a pixel short (1641 px of a
    /// 1728 × 2156 image is 2047.4 px tall, rounded to 2047, not the box's 2048). Used
    /// only when it is within a pixel of the image's aspect ratio at that width; nil
    /// derives the height from the width, as for every other width.
    public var fullViewHeight: Int?
    /// WebP or AVIF renditions made from the same pixels (none by default). `widths` may then
    /// be empty, when only an alternate is missing.
    public var alternates: [AlternateEncoding]
    /// A watermark laid over the renditions at least its ``RenditionMark/minWidth`` wide; none by default.
    public var mark: RenditionMark?

    /// The default JPEG quality, chosen by measurement (see Benchmarks/renditions/README.md):
    /// the lowest quality whose renditions are as faithful as vipsthumbnail's default Q75 ones
    /// (mean PSNR against a lossless Lanczos-3 reference within 0.3 dB) at both benchmark widths.
    public static let defaultQuality = 80

    public init(widths: [Int], orientation: Int = 1, quality: Int = RenditionRequest.defaultQuality,
                space: ResamplingSpace = .default, fullViewWidth: Int? = nil, fullViewHeight: Int? = nil,
                alternates: [AlternateEncoding] = [], mark: RenditionMark? = nil) {
        self.widths = widths
        self.orientation = orientation
        self.quality = quality
        self.space = space
        self.fullViewWidth = fullViewWidth
        self.fullViewHeight = fullViewHeight
        self.alternates = alternates
        self.mark = mark
    }
}

extension RenditionRequest {
    /// The full-view width and its given height, when both are known.
    var fullView: (width: Int, height: Int)? {
        guard let fullViewWidth, let fullViewHeight else { return nil }
        return (fullViewWidth, fullViewHeight)
    }
}
