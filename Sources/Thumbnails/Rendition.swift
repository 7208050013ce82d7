import ImageHeaders
/// One encoded rendition: upright, in display orientation, with no metadata but an ICC profile.
public struct Rendition: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `.jpeg`, or `.png` when the source has real transparency; `.webp` or `.avif` for an ``AlternateEncoding``.
    public let format: ImageFormat
    /// The encoded file.
    public let data: [UInt8]

    public init(width: Int, height: Int, format: ImageFormat, data: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        self.data = data
    }
}
