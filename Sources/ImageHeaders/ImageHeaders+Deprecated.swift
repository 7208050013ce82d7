/// The old home of the read functions, kept only until Gallery and cascade
/// call ``ImageHeader/read(from:limits:)`` and its file variants; then delete
/// this file. (A type named like its module breaks module-qualified names.)
@available(*, deprecated, message: "use ImageHeader.read(from:limits:), read(fileAt:limits:), read(descriptor:limits:)")
public enum ImageHeaders {
    /// Forwards to ``ImageHeader/read(from:limits:)``.
    @available(*, deprecated, renamed: "ImageHeader.read(from:limits:)")
    public static func read(from source: some ByteSource, limits: HeaderLimits = .default) throws(HeaderError) -> ImageHeader {
        try ImageHeader.read(from: source, limits: limits)
    }

    /// Forwards to ``ImageHeader/read(fileAt:limits:)``.
    @available(*, deprecated, renamed: "ImageHeader.read(fileAt:limits:)")
    public static func read(fileAt path: String, limits: HeaderLimits = .default) throws(FileHeaderError) -> ImageHeader {
        try ImageHeader.read(fileAt: path, limits: limits)
    }

    /// Forwards to ``ImageHeader/read(descriptor:limits:)``.
    @available(*, deprecated, renamed: "ImageHeader.read(descriptor:limits:)")
    public static func read(descriptor: Int32, limits: HeaderLimits = .default) throws(HeaderError) -> ImageHeader {
        try ImageHeader.read(descriptor: descriptor, limits: limits)
    }
}
