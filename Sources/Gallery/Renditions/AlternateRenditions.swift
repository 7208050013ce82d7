/// A photo's renditions in one alternate format (AVIF or WebP): the same
/// widths as its JPEG ones, offered before them in a `<picture>`.
public struct AlternateRenditions: Sendable, Equatable, Hashable {
    public var format: RenditionFormat
    /// Narrowest first.
    public var files: [RenditionFile]

    public init(format: RenditionFormat, files: [RenditionFile]) {
        self.format = format
        self.files = files
    }
}
