/// The values the resampling filter averages.
///
/// The default (``default``, used wherever a space is not given) is ``gammaEncoded``, the sRGB
/// values: against the `vips resize` Lanczos-3 reference that measures quality
/// (Benchmarks/renditions) it scores higher at fewer bytes. Everything else refers here.
public enum ResamplingSpace: String, Sendable, Equatable, CaseIterable {
    /// Linear light (sRGB decoded through a lookup table, filtered, re-encoded): physically right,
    /// keeps fine bright detail and high-contrast edges at their true brightness.
    case linearLight = "linear"
    /// The 8-bit sRGB codes as they are, as libvips, ImageMagick and most thumbnailers do: slightly
    /// darkens fine bright detail, but matches references made that way. The default.
    case gammaEncoded = "srgb"

    /// The space used when none is given: ``gammaEncoded``.
    public static var `default`: ResamplingSpace { .gammaEncoded }
}
