/// Caps that bound the work done on one untrusted file, whatever it claims.
///
/// Each cap turns a hostile or broken file into a typed error instead of a hang
/// or an unbounded read. The defaults are far above what real images need.
public struct HeaderLimits: Sendable, Equatable {
    /// Most JPEG segments or PNG chunks walked before giving up.
    public var maxSegments: Int
    /// Most bytes requested from the byte source for one image. Bounds stray-byte
    /// scans over large garbage and walks over thousands of big segments.
    public var maxBytesRead: Int
    /// Most entries accepted in one Exif IFD; a larger count marks the IFD as bad.
    public var maxIFDEntries: Int

    /// Creates limits; each parameter defaults to the value in ``default``.
    public init(maxSegments: Int = 10_000, maxBytesRead: Int = 4 << 20, maxIFDEntries: Int = 4096) {
        self.maxSegments = maxSegments
        self.maxBytesRead = maxBytesRead
        self.maxIFDEntries = maxIFDEntries
    }

    /// 10,000 segments, 4 MiB read, 4,096 IFD entries.
    public static let `default` = HeaderLimits()
}
