/// What Cascade can do with files of one ``ImageFormat``, as the registry
/// (``ImageFormat/capabilities``) states it.
///
/// Every format has a header parser: a case exists because the header scan
/// reports it. Everything past the header is listed here, so the scanner's
/// "renderable" list, Thumbnails' decoder dispatch and the originals'
/// "strippable" list all read one table instead of keeping their own.
public struct FormatCapabilities: Sendable, Equatable {
    /// The library that turns the format's bytes into pixels, or nil: the
    /// header is read but no rendition can be made (the scanner warns and skips it).
    public var decoder: PixelDecoder?
    /// The library that writes renditions in the format, or nil when Cascade never writes it.
    public var encoder: PixelEncoder?
    /// How an original's metadata is removed without touching its pixels, or
    /// nil when it cannot be: under the stripped-originals policy such originals are withheld.
    public var metadataStripping: MetadataStripping?
    /// A video: published as a tile with a poster frame, never decoded as an image.
    public var isVideo: Bool

    public init(decoder: PixelDecoder? = nil, encoder: PixelEncoder? = nil,
                metadataStripping: MetadataStripping? = nil, isVideo: Bool = false) {
        self.decoder = decoder
        self.encoder = encoder
        self.metadataStripping = metadataStripping
        self.isVideo = isVideo
    }
}

/// The decoders behind Thumbnails' C shim; Thumbnails maps each to its code.
/// One decoder may serve several formats (libheif reads HEIC, HEIF and AVIF).
public enum PixelDecoder: String, Sendable, CaseIterable {
    /// libjpeg-turbo, with DCT scaling for small renditions of big photos.
    case libjpeg
    /// libpng.
    case libpng
    /// libheif (libde265 for HEVC, libaom for AV1); turns the image as the file says.
    case libheif
    /// libjxl; turns the image as the codestream says.
    case libjxl
    /// libwebp and its demuxer (an animation's first frame).
    case libwebp
    /// giflib (the first frame).
    case giflib
    /// libtiff (the first page; lcms2 for CMYK).
    case libtiff
    /// LibRaw (thread-safe build): a camera RAW's embedded JPEG preview when it is large
    /// enough, else its sensor data developed (camera white balance, sRGB, 8 bits).
    case libraw
}

/// The encoders Thumbnails writes renditions with.
public enum PixelEncoder: String, Sendable, CaseIterable {
    /// libjpeg-turbo: the fallback every browser shows.
    case libjpeg
    /// libpng: the fallback for photos with real transparency.
    case libpng
    /// libwebp: an optional alternate.
    case libwebp
    /// libheif with libaom: the AVIF alternate.
    case libheif
}

/// How an original's metadata is removed losslessly, for publishing originals without GPS and all.
public enum MetadataStripping: String, Sendable, CaseIterable {
    /// JPEG segments rewritten without EXIF, XMP, IPTC and comments; the
    /// entropy-coded data is copied untouched.
    case jpegSegments
    /// PNG text, time and EXIF chunks dropped; the image data chunks are copied untouched.
    case pngChunks
    /// GIF comment and application extensions dropped (but looping and colour);
    /// the frames are copied untouched.
    case gifBlocks
    /// WebP `EXIF` and `XMP ` chunks dropped and their `VP8X` flags cleared;
    /// the image and animation chunks are copied untouched.
    case webpChunks
}
