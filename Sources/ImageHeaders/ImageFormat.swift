/// The container format of an image, recognised from its leading bytes, never
/// from its file name.
///
/// Raw values are lower-case identifiers that are stable enough to appear in
/// generated output, caches and tests.
public enum ImageFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// JPEG (JFIF, Exif or bare), any SOFn coding process.
    case jpeg
    /// PNG, including Apple's `CgBI` variant and animated PNG (APNG).
    case png

    /// The name people use for the format, e.g. `JPEG`.
    public var description: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        }
    }
}
