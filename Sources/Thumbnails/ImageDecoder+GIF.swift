import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// GIF through giflib (`cth_gif.c`): the first frame composited onto the logical screen,
    /// interlacing undone, the transparent index as alpha. Always 4 channels; the rendition
    /// maker drops the alpha channel when every pixel is opaque.
    static func decodeGIF(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                          cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, with: cth_gif_decode)
    }
}
