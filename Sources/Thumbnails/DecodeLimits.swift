/// Limits against decompression bombs, applied to every decode.
///
/// Defaults: 100 megapixels (checked from the header, before any pixel memory; a 24 MP camera
/// file is far below), 100 progressive scans (the value libjpeg-turbo's own fuzzers use; encoders
/// write about 10), 512 MiB of libjpeg working memory (a progressive 100 MP 4:2:0 file needs about
/// 300 MiB for its coefficients), and "corrupt data" warnings fatal, so a damaged file is skipped
/// rather than published with grey blocks.
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
