/// A JPEG rewritten without private metadata, and what was taken out.
public struct StrippedJPEG: Sendable, Equatable {
    /// The rewritten file: the same entropy-coded data, so the same pixels.
    public let data: [UInt8]
    /// The EXIF orientation of the original (1 when it had none); kept in a minimal APP1 when not 1.
    public let orientation: Int
    /// Names of the removed parts in file order, e.g. `APP1 Exif`, `APP1 XMP`, `APP13`, `COM`,
    /// `data after EOI (120 bytes)` — for a privacy report.
    public let removed: [String]
}
