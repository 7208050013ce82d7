import CThumbnails
import ImageHeaders

/// Decodes the bytes of every format the registry gives a ``PixelDecoder`` into pixels, within
/// `DecodeLimits`: JPEG (libjpeg-turbo), PNG (libpng), HEIC/HEIF/AVIF (libheif, `+HEIF`), JPEG XL
/// (libjxl, `+JXL`), WebP, GIF and TIFF (`+WebP`, `+GIF`, `+TIFF`), camera RAWs (LibRaw, `+RAW`). The format comes from
/// ImageHeaders' sniffer (``ImageFormat/detect(_:)``), the one the header scan uses.
///
/// Thread-safe: every call has its own decoder state.
public enum ImageDecoder {
    /// Decodes `bytes`. For JPEG, `minimumSize` (stored orientation) picks the DCT scale: the
    /// smallest n/8 (n = 1, 2, 4, 5, 8) whose output is not below it, which makes small renditions of big photos cheap.
    public static func decode(_ bytes: [UInt8], minimumSize: (width: Int, height: Int)? = nil,
                              limits: DecodeLimits = .default) throws(ThumbnailError) -> DecodedImage {
        let (format, decoder) = try decodable(bytes)
        // The first chunk's type (after the signature and its length field).
        if format == .png && bytes.count >= 16 && bytes[12..<16].elementsEqual(PNGChunkType.bytes(PNGChunkType.cgbi)) {
            throw .unsupported(format: .png, reason: "Apple CgBI PNG (iOS-optimised, not a standard PNG)")
        }
        var cLimits = cLimits(limits)
        switch decoder {
        case .libpng: return try decodePNG(bytes, limits: limits, cLimits: &cLimits)
        case .libheif: return try decodeHEIF(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .libjxl: return try decodeJXL(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .libwebp: return try decodeWebP(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .giflib: return try decodeGIF(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .libtiff: return try decodeTIFF(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .libraw: return try decodeRAW(bytes, format: format, limits: limits, cLimits: &cLimits)
        case .libjpeg: break
        }
        let targetWidth = UInt32(clamping: max(0, minimumSize?.width ?? 0))
        let targetHeight = UInt32(clamping: max(0, minimumSize?.height ?? 0))
        return try decodeJPEG(bytes, format: format, target: (targetWidth, targetHeight), limits: limits,
                              cLimits: &cLimits)
    }

    /// `limits` as the C shims take them.
    static func cLimits(_ limits: DecodeLimits) -> cth_limits {
        cth_limits(max_pixels: UInt64(clamping: max(0, limits.maxPixels)),
                   max_scans: UInt32(clamping: max(0, limits.maxProgressiveScans)),
                   max_memory: UInt64(clamping: max(0, limits.maxMemoryBytes)),
                   allow_corrupt_data: limits.allowCorruptData ? 1 : 0)
    }

    /// JPEG as PNG is decoded: the layout first (the header and the DCT
    /// scale, limits applied, no pixel memory), then the decode straight into
    /// the array the pixels are returned in. Copying the C buffer instead
    /// cost a copy of every decode (tens of megabytes a photo), a few
    /// percent of a cold build.
    private static func decodeJPEG(_ bytes: [UInt8], format: ImageFormat, target: (width: UInt32, height: UInt32),
                                   limits: DecodeLimits, cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        var layout = cth_image()
        var error = cth_error()
        var code = bytes.withUnsafeBufferPointer {
            cth_jpeg_layout($0.baseAddress, $0.count, target.width, target.height, &cLimits, &layout, &error)
        }
        cth_image_release(&layout)
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: format, image: layout, limits: limits)
        }
        let width = Int(layout.width), height = Int(layout.height), channels = Int(layout.channels)
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = pixels.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, count > 0 else { throw .corrupt(format: format, reason: "no pixels") }

        var image = cth_image()
        defer { cth_image_release(&image) }
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            code = bytes.withUnsafeBufferPointer { source in
                cth_jpeg_decode_to(source.baseAddress, source.count, target.width, target.height, &cLimits,
                                   buffer.baseAddress, buffer.count, &image, &error)
            }
            // On failure the contents are never read: the array is dropped below.
            initialized = count
        }
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: format, image: image, limits: limits)
        }
        guard Int(image.width) == width, Int(image.height) == height, Int(image.channels) == channels else {
            throw .corrupt(format: format, reason: "layout changed between passes")
        }
        var icc: [UInt8]?
        if let iccPointer = image.icc, image.icc_length > 0 {
            icc = [UInt8](UnsafeBufferPointer(start: iccPointer, count: Int(image.icc_length)))
        }
        return DecodedImage(pixels: PixelBuffer(unchecked: width, height, channels, samples), format: format,
                            fullWidth: Int(image.full_width), fullHeight: Int(image.full_height),
                            iccProfile: icc, warnings: Int(image.warnings))
    }

    /// PNG in two passes over the header: the layout (limits applied, no
    /// pixel memory), then the decode straight into the array the pixels
    /// are returned in. One buffer of at most 4 bytes per pixel (16-bit
    /// samples are scaled to 8 as libpng reads them), where copying the C
    /// buffer into Swift's held two.
    private static func decodePNG(_ bytes: [UInt8], limits: DecodeLimits,
                                  cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        var layout = cth_image()
        var error = cth_error()
        var code = bytes.withUnsafeBufferPointer { cth_png_layout($0.baseAddress, $0.count, &cLimits, &layout, &error) }
        cth_image_release(&layout)
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: .png, image: layout, limits: limits)
        }
        let width = Int(layout.width), height = Int(layout.height), channels = Int(layout.channels)
        let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
        let (count, overflow2) = pixels.multipliedReportingOverflow(by: channels)
        guard !overflow1, !overflow2, count > 0 else { throw .corrupt(format: .png, reason: "bad PNG size") }

        var image = cth_image()
        defer { cth_image_release(&image) }
        let samples = [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
            code = bytes.withUnsafeBufferPointer { source in
                cth_png_decode_to(source.baseAddress, source.count, &cLimits, target.baseAddress, target.count,
                                  &image, &error)
            }
            // On failure the contents are never read: the array is dropped below.
            initialized = count
        }
        guard code == Int32(CTH_OK) else {
            throw mapError(code: code, message: message(of: &error), format: .png, image: image, limits: limits)
        }
        guard Int(image.width) == width, Int(image.height) == height, Int(image.channels) == channels else {
            throw .corrupt(format: .png, reason: "layout changed between passes")
        }
        var icc: [UInt8]?
        if let iccPointer = image.icc, image.icc_length > 0 {
            icc = [UInt8](UnsafeBufferPointer(start: iccPointer, count: Int(image.icc_length)))
        }
        return DecodedImage(pixels: PixelBuffer(unchecked: width, height, channels, samples), format: .png,
                            fullWidth: Int(image.full_width), fullHeight: Int(image.full_height),
                            iccProfile: icc, warnings: Int(image.warnings))
    }

    /// The format of `bytes` and the decoder the registry names for it; `.unknownFormat` when
    /// the sniffer knows no such format or the format has no decoder (BMP, SVG, video, ...).
    static func decodable(_ bytes: [UInt8]) throws(ThumbnailError) -> (ImageFormat, PixelDecoder) {
        guard let format = ImageFormat.detect(bytes), let decoder = format.capabilities.decoder else {
            throw .unknownFormat
        }
        return (format, decoder)
    }

    static func message(of error: inout cth_error) -> String {
        withUnsafeBytes(of: &error.message) { raw in
            let bytes = raw.prefix(while: { $0 != 0 })
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    static func mapError(code: Int32, message: String, format: ImageFormat, image: cth_image,
                         limits: DecodeLimits) -> ThumbnailError {
        switch code {
        case Int32(CTH_ERR_PIXEL_LIMIT):
            return .pixelLimit(width: Int(image.full_width), height: Int(image.full_height), limit: limits.maxPixels)
        case Int32(CTH_ERR_SCAN_LIMIT):
            return .scanLimit(limit: limits.maxProgressiveScans)
        case Int32(CTH_ERR_MEMORY_LIMIT):
            return .memoryLimit(limit: limits.maxMemoryBytes)
        case Int32(CTH_ERR_UNSUPPORTED):
            return .unsupported(format: format, reason: message)
        case Int32(CTH_ERR_OUT_OF_MEMORY):
            return .outOfMemory(message)
        default:
            // libjpeg's warnings already start with "Corrupt JPEG data: "; the description adds its own.
            var reason = message
            for prefix in ["Corrupt JPEG data: ", "Corrupt JPEG data"] where reason.hasPrefix(prefix) {
                reason = String(reason.dropFirst(prefix.count))
                break
            }
            return .corrupt(format: format, reason: reason.isEmpty ? "undecodable" : reason)
        }
    }
}
