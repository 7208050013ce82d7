import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// The C signature the WebP, GIF, TIFF, HEIF and JPEG XL shims share: whole image, no DCT scaling.
    typealias WholeImageDecoder = (UnsafePointer<UInt8>?, Int, UnsafePointer<cth_limits>?,
                                   UnsafeMutablePointer<cth_image>?, UnsafeMutablePointer<cth_error>?) -> Int32

    /// Runs `decoder` over `bytes` and copies its malloc'd pixels and profile into Swift values;
    /// a failure becomes the typed error for `format` (pixel cap, corrupt, unsupported, ...).
    /// `oriented`: the shim turns its output as the file says (HEIF, AVIF, JPEG XL), so the
    /// result is ``DecodedImage/isOriented`` and its full size is the displayed one.
    static func decodeWhole(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                            cLimits: inout cth_limits, oriented: Bool = false,
                            with decoder: WholeImageDecoder) throws(ThumbnailError) -> DecodedImage {
        var image = cth_image()
        var error = cth_error()
        let code: Int32 = bytes.withUnsafeBufferPointer { buffer in
            decoder(buffer.baseAddress, buffer.count, &cLimits, &image, &error)
        }
        defer { cth_image_release(&image) }
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: format, image: image, limits: limits)
        }
        let width = Int(image.width), height = Int(image.height), channels = Int(image.channels)
        let (area, overflow1) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = area.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, count > 0, [1, 3, 4].contains(channels), let pixels = image.pixels else {
            throw .corrupt(format: format, reason: "no pixels")
        }
        let samples = [UInt8](UnsafeBufferPointer(start: pixels, count: count))
        var icc: [UInt8]?
        if let iccPointer = image.icc, image.icc_length > 0 {
            icc = [UInt8](UnsafeBufferPointer(start: iccPointer, count: Int(image.icc_length)))
        }
        return DecodedImage(pixels: PixelBuffer(unchecked: width, height, channels, samples), format: format,
                            fullWidth: oriented ? width : Int(image.full_width),
                            fullHeight: oriented ? height : Int(image.full_height),
                            iccProfile: icc, warnings: Int(image.warnings), isOriented: oriented)
    }
}
