/// Reads image headers: format, stored size, orientation and display size,
/// from the first bytes of an image, without decoding pixels.
///
/// ```swift
/// let header = try ImageHeaders.read(fileAt: "photos/IMG_0001.jpg")
/// print(header.displaySize)   // 1200x1800
/// ```
public enum ImageHeaders {
    /// Reads the header of the image in `source`, sniffing its format from the
    /// leading bytes.
    ///
    /// Only the bytes the header needs are requested, a few KiB at a time.
    /// Never traps: every malformed input ends in a ``HeaderError``.
    public static func read(
        from source: some ByteSource,
        limits: HeaderLimits = .default
    ) throws(HeaderError) -> ImageHeader {
        var reader = Reader(source: source, limits: limits)
        let signature = try reader.peek(upTo: FormatSniffer.signatureLength)
        guard !signature.isEmpty else {
            throw HeaderError(offset: 0, reason: .empty)
        }
        guard let parser = FormatSniffer.parser(for: signature) else {
            throw HeaderError(offset: 0, reason: .unknownFormat)
        }
        return try parser.read(using: &reader)
    }
}
