/// Limits against decompression bombs, applied to every decode.
///
/// Defaults: 100 megapixels (checked from the header, before any pixel memory; a 24 MP camera
/// file is far below), 100 progressive scans (the value libjpeg-turbo's own fuzzers use; encoders
/// write about 10), 512 MiB of libjpeg working memory (a progressive 100 MP 4:2:0 file needs about
/// 300 MiB for its coefficients), and "corrupt data" warnings fatal, so a damaged file is skipped
/// rather than published with grey blocks.
///
/// Memory per decode follows from `maxPixels`: a PNG takes at most 4 bytes per pixel (8-bit
/// RGBA, decoded into the returned buffer; 16-bit samples scaled as libpng reads them), so
/// 400 MB at the default. A JPEG still takes twice 3 bytes per pixel of its DCT-scaled output
/// for a moment (the C buffer is copied into the Swift array). WebP, GIF and TIFF decode at full
/// size into a C buffer that is then copied: a still WebP 3–4 bytes per pixel twice, a GIF 4
/// twice, a TIFF 4 (libtiff's RGBA raster, packed in place) twice, an animated WebP's canvas 4
/// three times (libwebp's own canvas too). `maxMemoryBytes` also caps any single allocation
/// libtiff makes (strip and tile buffers).
/// HEIF/AVIF and JPEG XL are checked against `maxPixels` from the header (ispe / basic info)
/// too; their decoders hold the codec's own planes beside the 8-bit copy, and `maxMemoryBytes`
/// does not reach libheif or libjxl.
/// A camera RAW's sensor size is checked against `maxPixels`, and the memory LibRaw needs to
/// develop it (2 bytes per sensor pixel, 8 for its 16-bit image, 3 for the 8-bit copy) against
/// `maxMemoryBytes`, before anything is unpacked; its embedded preview is a JPEG, held to the JPEG limits.
public struct DecodeLimits: Sendable, Equatable {
    public var maxPixels: Int
    public var maxProgressiveScans: Int
    public var maxMemoryBytes: Int
    /// When true, JPEG data damage is tolerated (grey areas) instead of failing the decode.
    public var allowCorruptData: Bool

    public init(maxPixels: Int = 100_000_000, maxProgressiveScans: Int = 100,
                maxMemoryBytes: Int = 512 * 1_048_576, allowCorruptData: Bool = false) {
        self.maxPixels = maxPixels
        self.maxProgressiveScans = maxProgressiveScans
        self.maxMemoryBytes = maxMemoryBytes
        self.allowCorruptData = allowCorruptData
    }

    public static let `default` = DecodeLimits()
}
