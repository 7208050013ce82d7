import CThumbnails

extension ImageDecoder {
    /// HEIF/HEIC and AVIF through libheif (`cth_heif_decode`): the primary image as displayed —
    /// `clap`, `irot` and `imir` applied by libheif, once, so the result has the size the header
    /// scan calls the display size and ``DecodedImage/isOriented`` is true. Alpha gives RGBA,
    /// 10/12-bit samples are rounded to 8, and the ICC profile (embedded, or made from a non-sRGB
    /// `nclx` box) goes into ``DecodedImage/iccProfile`` so renditions show the same colours.
    static func decodeHEIF(_ bytes: [UInt8], format: ThumbnailFormat, limits: DecodeLimits,
                           cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        if bytes.count >= 12, bytes[8..<12].elementsEqual(ThumbnailFormat.lowOverheadBrand.utf8) {
            throw .unsupported(format: format, reason: "low-overhead HEIF ('mif3' brand, 'mini' box): libheif 1.19 or later reads it")
        }
        var image = cth_image()
        var error = cth_error()
        let code = bytes.withUnsafeBufferPointer { cth_heif_decode($0.baseAddress, $0.count, &cLimits, &image, &error) }
        defer { cth_image_release(&image) }
        return try orientedImage(code: code, image: image, error: &error, format: format, limits: limits)
    }

    /// The `DecodedImage` of a shim that orients its output (HEIF, AVIF, JPEG XL), or its error.
    static func orientedImage(code: Int32, image: cth_image, error: inout cth_error, format: ThumbnailFormat,
                              limits: DecodeLimits) throws(ThumbnailError) -> DecodedImage {
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: format, image: image, limits: limits)
        }
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = pixels.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, count > 0, [1, 3, 4].contains(channels), let pointer = image.pixels else {
            throw .corrupt(format: format, reason: "no pixels")
        }
        let samples = [UInt8](UnsafeBufferPointer(start: pointer, count: count))
        var icc: [UInt8]?
        if let iccPointer = image.icc, image.icc_length > 0 {
            icc = [UInt8](UnsafeBufferPointer(start: iccPointer, count: Int(image.icc_length)))
        }
        return DecodedImage(pixels: PixelBuffer(unchecked: width, height, channels, samples), format: format,
                            fullWidth: width, fullHeight: height, iccProfile: icc, warnings: Int(image.warnings),
                            isOriented: true)
    }
}
