import CThumbnails

extension ImageDecoder {
    /// JPEG XL through libjxl (`cth_jxl_decode`): the first frame, turned by libjxl for the
    /// codestream orientation (so ``DecodedImage/isOriented`` is true and the size is the header
    /// scan's display size), alpha as RGBA, any bit depth rounded to 8, and the profile of the
    /// decoded pixels in ``DecodedImage/iccProfile`` unless they are plain sRGB.
    static func decodeJXL(_ bytes: [UInt8], limits: DecodeLimits,
                          cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        var image = cth_image()
        var error = cth_error()
        let code = bytes.withUnsafeBufferPointer { cth_jxl_decode($0.baseAddress, $0.count, &cLimits, &image, &error) }
        defer { cth_image_release(&image) }
        return try orientedImage(code: code, image: image, error: &error, format: .jxl, limits: limits)
    }
}
