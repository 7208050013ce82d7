/// A mark laid over a rendition's pixels before they are encoded (a
/// watermark): given the upright pixels at the rendition's own size, it
/// returns them marked. Applied only to renditions at least ``minWidth``
/// wide, so tiles stay clean; drawn at each width, never scaled from one.
public struct RenditionMark: Sendable, Equatable {
    /// What the mark is, for equality: the digest of everything that decides its pixels.
    public var id: String
    /// The narrowest rendition marked.
    public var minWidth: Int
    /// Marks upright pixels; must be a pure function of them (renditions are reproducible).
    public var apply: @Sendable (PixelBuffer) throws(ThumbnailError) -> PixelBuffer

    public init(id: String, minWidth: Int, apply: @escaping @Sendable (PixelBuffer) throws(ThumbnailError) -> PixelBuffer) {
        self.id = id
        self.minWidth = minWidth
        self.apply = apply
    }

    public static func == (lhs: RenditionMark, rhs: RenditionMark) -> Bool {
        lhs.id == rhs.id && lhs.minWidth == rhs.minWidth
    }

    /// `pixels` marked when they are wide enough, else as they are.
    func marking(_ pixels: PixelBuffer) throws(ThumbnailError) -> PixelBuffer {
        pixels.width >= minWidth ? try apply(pixels) : pixels
    }
}

extension PixelBuffer {
    /// The pixels resampled to `width` × `height` (Lanczos-3, as renditions
    /// are): how a watermark image is brought to a rendition's scale.
    public func resized(width: Int, height: Int) -> PixelBuffer {
        Resampler.resize(self, width: width, height: height)
    }
}
