import CThumbnails
import ImageHeaders

extension ImageDecoder {
    /// HEIF/HEIC and AVIF through libheif (`cth_heif_decode`): the primary image as displayed —
    /// `clap`, `irot` and `imir` applied by libheif, once, so the result has the size the header
    /// scan calls the display size and ``DecodedImage/isOriented`` is true. Alpha gives RGBA,
    /// 10/12-bit samples are rounded to 8, and the ICC profile (embedded, or made from a non-sRGB
    /// `nclx` box) goes into ``DecodedImage/iccProfile`` so renditions show the same colours.
    /// The low-overhead HEIF major brand (a `mini` box instead of `meta`), which libheif 1.15 cannot read.
    static let lowOverheadBrand = "mif3"

    static func decodeHEIF(_ bytes: [UInt8], format: ImageFormat, limits: DecodeLimits,
                           cLimits: inout cth_limits) throws(ThumbnailError) -> DecodedImage {
        if bytes.count >= 12, bytes[8..<12].elementsEqual(lowOverheadBrand.utf8) {
            throw .unsupported(format: format, reason: "low-overhead HEIF ('mif3' brand, 'mini' box): libheif 1.19 or later reads it")
        }
        return try decodeWhole(bytes, format: format, limits: limits, cLimits: &cLimits, oriented: true,
                               with: cth_heif_decode)
    }
}
