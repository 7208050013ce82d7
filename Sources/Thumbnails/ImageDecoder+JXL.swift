import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// JPEG XL through libjxl (`cth_jxl_decode`): the first frame, turned by libjxl for the
    /// codestream orientation (so ``DecodedImage/isOriented`` is true and the size is the header
    /// scan's display size), alpha as RGBA, any bit depth rounded to 8, and the profile of the
    /// decoded pixels in ``DecodedImage/iccProfile`` unless they are plain sRGB.
    static func decodeJXL(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                          cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, oriented: true, with: cth_jxl_decode)
    }
}
