/// Caps that bound the work done on one untrusted file, whatever it claims.
///
/// Each cap turns a hostile or broken file into a typed error instead of a hang,
/// a deep recursion or an unbounded read or allocation. The defaults are far
/// above what real images need.
public struct HeaderLimits: Sendable, Equatable {
    /// Most JPEG segments, PNG/WebP chunks or ISO BMFF boxes walked at one level before giving up.
    public var maxSegments: Int
    /// Most bytes requested from the byte source for one image. Bounds stray-byte
    /// scans over large garbage, walks over thousands of big segments, and every
    /// allocation made for the file (no single read can ask for more).
    public var maxBytesRead: Int
    /// Most entries accepted in one TIFF/Exif IFD; a larger count marks the IFD as bad.
    public var maxIFDEntries: Int
    /// Most IFDs loaded for one file (IFD0, Exif, GPS, …); offsets seen before are never reloaded.
    public var maxIFDs: Int
    /// Deepest nesting of ISO BMFF boxes (HEIF/AVIF, JPEG XL, JPEG 2000) followed.
    public var maxBoxDepth: Int
    /// Largest structure read into memory whole: a HEIF `meta` box, an SVG's
    /// header, the JPEG XL codestream prefix.
    public var maxBufferedBytes: Int
    /// Most entries accepted in a table (HEIF `iinf`/`ipma`/`iloc`, ICO directory).
    public var maxTableEntries: Int

    /// Creates limits; each parameter defaults to the value in ``default``.
    public init(
        maxSegments: Int = 10_000,
        maxBytesRead: Int = 4 << 20,
        maxIFDEntries: Int = 4096,
        maxIFDs: Int = 16,
        maxBoxDepth: Int = 16,
        maxBufferedBytes: Int = 1 << 20,
        maxTableEntries: Int = 65_536
    ) {
        self.maxSegments = maxSegments
        self.maxBytesRead = maxBytesRead
        self.maxIFDEntries = maxIFDEntries
        self.maxIFDs = maxIFDs
        self.maxBoxDepth = maxBoxDepth
        self.maxBufferedBytes = maxBufferedBytes
        self.maxTableEntries = maxTableEntries
    }

    /// 10,000 segments, 4 MiB read, 4,096 IFD entries, 16 IFDs, 16 box levels,
    /// 1 MiB buffered, 65,536 table entries.
    public static let `default` = HeaderLimits()
}
