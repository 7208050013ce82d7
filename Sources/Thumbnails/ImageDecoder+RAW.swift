import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// A camera RAW through LibRaw (``RawLayout``): its embedded JPEG preview decoded by libjpeg
    /// when that is large enough, else the sensor data developed (`cth_raw_develop`: camera white
    /// balance, sRGB, 8 bits, full size). Either way the pixels are in stored orientation and the
    /// caller turns them by the RAW's own flag, which the header scan reports; the result's size
    /// is checked against the layout the scan used, so a disagreement is an error, never a
    /// rendition of another size.
    static func decodeRAW(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                          cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        let (layout, preview) = try RawLayout.read(bytes, format: format)
        var decoded: DecodedImage
        if let preview {
            decoded = try decode(preview, limits: limits)
        } else {
            decoded = try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, with: cth_raw_develop)
        }
        decoded.format = format
        guard decoded.fullWidth == layout.storedSize.width, decoded.fullHeight == layout.storedSize.height else {
            throw .corrupt(format: format, reason: "LibRaw's \(layout.source.rawValue) image is \(decoded.fullWidth)x"
                           + "\(decoded.fullHeight), its layout \(layout.storedSize)")
        }
        return decoded
    }
}
