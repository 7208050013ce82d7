import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// TIFF through libtiff (`cth_tiff.c`): the first page, 8- or 16-bit RGB, RGBA, grey,
    /// palette, YCbCr and bilevel scaled to 8 bits; CMYK converted to sRGB through its ICC
    /// profile (lcms2; no profile is then returned) or naively without one; other profiles
    /// kept. Rows in stored order: the Orientation tag, which the scanner reads, is applied
    /// by the rendition maker exactly once.
    static func decodeTIFF(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                           cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, with: cth_tiff_decode)
    }
}
