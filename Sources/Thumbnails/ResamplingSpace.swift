/// The values the resampling filter averages.
public enum ResamplingSpace: String, Sendable, Equatable, CaseIterable {
    /// Linear light (sRGB decoded through a lookup table, filtered, re-encoded): physically right,
    /// keeps fine bright detail and high-contrast edges at their true brightness. The default.
    case linearLight = "linear"
    /// The 8-bit sRGB codes as they are, as libvips, ImageMagick and most thumbnailers do: slightly
    /// darkens fine bright detail, but matches references made that way (see Benchmarks/renditions).
    case gammaEncoded = "srgb"
}
