import ImageHeaders
/// Why an image could not be decoded, resampled or encoded.
///
/// Each case carries its reason; `description` is the one place it becomes text, so callers
/// (the Gallery pipeline) can print `skipped 'x.jpg': <description>` and go on with the next file.
public indirect enum ThumbnailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are in no format ImageHeaders' sniffer detects, or in one the registry gives no decoder.
    case unknownFormat
    /// The decoder reported damage (libjpeg/libpng message, without libjpeg's own "Corrupt JPEG data:" prefix).
    case corrupt(format: ImageFormat, reason: String)
    /// width × height is over `DecodeLimits.maxPixels`; found before any pixel memory is taken.
    case pixelLimit(width: Int, height: Int, limit: Int)
    /// A progressive JPEG with more scans than `DecodeLimits.maxProgressiveScans`.
    case scanLimit(limit: Int)
    /// libjpeg needed more working memory than `DecodeLimits.maxMemoryBytes`.
    case memoryLimit(limit: Int)
    /// A valid file in a layout the decoder does not convert (e.g. a 2-component JPEG).
    case unsupported(format: ImageFormat, reason: String)
    /// malloc failed.
    case outOfMemory(String)
    /// The encoder failed.
    case encodeFailed(String)
    /// The caller asked for something impossible (no widths, width 0, bad quality).
    case invalidRequest(String)
    /// The file could not be read.
    case unreadable(reason: String)
    /// Any of the above, for the file at `path`.
    case file(path: String, ThumbnailError)

    public var description: String {
        switch self {
        case .unknownFormat:
            return "not an image format Cascade decodes"
        case .corrupt(let format, let reason):
            return "corrupt \(format) data: \(reason)"
        case .pixelLimit(let width, let height, let limit):
            return "image is \(Self.megapixels(width * height)) megapixels (\(width)x\(height)), over the \(Self.megapixels(limit)) megapixel limit"
        case .scanLimit(let limit):
            return "too many progressive scans (more than \(limit))"
        case .memoryLimit(let limit):
            return "decoding needs more than the \(limit / 1_048_576) MiB memory limit"
        case .unsupported(let format, let reason):
            return "unsupported \(format): \(reason)"
        case .outOfMemory(let reason):
            return "out of memory: \(reason)"
        case .encodeFailed(let reason):
            return "encoding failed: \(reason)"
        case .invalidRequest(let reason):
            return "invalid rendition request: \(reason)"
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        case .file(let path, let error):
            return "'\(path)': \(error.description)"
        }
    }

    /// The error without a `.file` wrapper.
    public var reason: ThumbnailError {
        if case .file(_, let inner) = self { return inner.reason }
        return self
    }

    /// Whole megapixels when exact or large, else one decimal ("0.3", "120").
    static func megapixels(_ pixels: Int) -> String {
        if pixels % 1_000_000 == 0 || pixels >= 10_000_000 { return String(pixels / 1_000_000) }
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
