import ImageHeaders

/// The encoded formats Thumbnails reads and writes.
public enum ThumbnailFormat: String, Sendable, Equatable, CustomStringConvertible {
    case jpeg = "JPEG"
    case png = "PNG"
    // Decoded only (renditions are JPEG or PNG): ImageDecoder+WebP/+GIF/+TIFF.swift.
    case webp = "WebP"
    case gif = "GIF"
    case tiff = "TIFF"

    public var description: String { rawValue }

    /// The file name extension renditions in this format get (renditions are only ever JPEG or PNG).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue.lowercased() }

    /// Detects the format from the first bytes (never the file name): SOI and the `0xFF` of the
    /// next marker (stricter than the header scan, which libjpeg's leniency lets take any third
    /// byte), or the PNG signature.
    public static func detect(_ bytes: [UInt8]) -> ThumbnailFormat? {
        if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == JPEGMarker.startOfImage, bytes[2] == 0xFF { return .jpeg }
        if bytes.starts(with: PNGChunks.signature) { return .png }
        if let format = detectWebPGIFTIFF(bytes) { return format }
        return nil
    }
}
