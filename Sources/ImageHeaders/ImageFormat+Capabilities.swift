/// The format registry: one row per format saying what Cascade can do with
/// it beyond reading its header. Adding an input format adds its case to
/// ``ImageFormat``, its header parser, and its row here; a new decoder also
/// adds a ``PixelDecoder`` case, which Thumbnails' dispatch must then handle.
extension ImageFormat {
    /// What Cascade can do with files in this format.
    public var capabilities: FormatCapabilities {
        switch self {
        case .jpeg: FormatCapabilities(decoder: .libjpeg, encoder: .libjpeg, metadataStripping: .jpegSegments)
        case .png: FormatCapabilities(decoder: .libpng, encoder: .libpng, metadataStripping: .pngChunks)
        case .gif: FormatCapabilities(decoder: .giflib, metadataStripping: .gifBlocks)
        case .webp: FormatCapabilities(decoder: .libwebp, encoder: .libwebp, metadataStripping: .webpChunks)
        case .tiff: FormatCapabilities(decoder: .libtiff)
        case .heic, .heif: FormatCapabilities(decoder: .libheif)
        case .avif: FormatCapabilities(decoder: .libheif, encoder: .libheif)
        case .jxl: FormatCapabilities(decoder: .libjxl)
        case .bmp, .svg, .ico, .cur, .psd, .pnm, .tga, .qoi, .jp2, .dds: FormatCapabilities()
        case .mp4, .mov, .webm, .mkv, .avi, .ogv: FormatCapabilities(isVideo: true)
        case .dng, .cr2, .cr3, .nef, .arw, .raf, .orf, .rw2: FormatCapabilities(decoder: .libraw)
        }
    }

    /// Whether the file is a camera RAW: published from its embedded preview or developed by
    /// LibRaw, and paired with a JPEG of the same name as that photo's companion.
    public var isCameraRaw: Bool { capabilities.decoder == .libraw }

    /// Whether the file is a video: a tile with a poster frame rather than an image.
    public var isVideo: Bool { capabilities.isVideo }

    /// Whether renditions can be made from it (it has a pixel decoder).
    public var isDecodable: Bool { capabilities.decoder != nil }

    /// Whether an original in it can be published with its metadata removed losslessly.
    public var canStripMetadata: Bool { capabilities.metadataStripping != nil }

    /// The extension of a file Cascade writes in this format (`jpg` for JPEG, else the raw value).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
