import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// WebP through libwebp (`cth_webp.c`): lossy, lossless, alpha (4 channels), an animation's
    /// first frame on its canvas (4 channels), the ICCP profile kept. Pixels in stored
    /// orientation: libwebp ignores the EXIF chunk, whose orientation the scanner reads and
    /// the rendition applies, as for JPEG.
    static func decodeWebP(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                           cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, with: cth_webp_decode)
    }
}
