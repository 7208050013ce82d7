/// Reading headers: format, stored size, orientation and display size, from
/// the first bytes of an image, without decoding pixels.
///
/// ```swift
/// let header = try ImageHeader.read(fileAt: "photos/IMG_0001.jpg")
/// print(header.displaySize)   // 1200x1800
/// ```
///
/// (These were `ImageHeader.read(…)`; a type named like its module breaks
/// module-qualified names such as `ImageHeaders.ImageHeader`.)
extension ImageHeader {
    /// Reads the header of the image in `source`, sniffing its format from the
    /// leading bytes.
    ///
    /// Only the bytes the header needs are requested, a few KiB at a time.
    /// Never traps: every malformed input ends in a ``HeaderError``.
    /// `detail` ``HeaderDetail/layout`` passes over the descriptive metadata
    /// where the format allows (JPEG's Exif, XMP and IPTC segments).
    public static func read(
        from source: some ByteSource,
        limits: HeaderLimits = .default,
        detail: HeaderDetail = .full
    ) throws(HeaderError) -> ImageHeader {
        var reader = Reader(source: source, limits: limits, detail: detail)
        let signature = try reader.peek(upTo: FormatSniffer.signatureLength)
        guard !signature.isEmpty else {
            throw HeaderError(offset: 0, reason: .empty)
        }
        guard let parser = FormatSniffer.parser(for: signature) else {
            throw HeaderError(offset: 0, reason: .unknownFormat)
        }
        return try read(with: parser, using: &reader)
    }

    /// Calls the parser through a static switch rather than the existential
    /// metatype, so each parser's generic `read` is specialised for the byte
    /// source (no runtime generic metadata per file).
    private static func read<Source: ByteSource>(
        with parser: any HeaderParser.Type, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        switch parser {
        case is JPEGHeaderParser.Type: try JPEGHeaderParser.read(using: &reader)
        case is PNGHeaderParser.Type: try PNGHeaderParser.read(using: &reader)
        case is HEIFHeaderParser.Type: try HEIFHeaderParser.read(using: &reader)
        case is WebPHeaderParser.Type: try WebPHeaderParser.read(using: &reader)
        case is GIFHeaderParser.Type: try GIFHeaderParser.read(using: &reader)
        case is TIFFHeaderParser.Type: try TIFFHeaderParser.read(using: &reader)
        default: try parser.read(using: &reader)
        }
    }
}
