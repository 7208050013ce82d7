/// One format's header parser: recognises the format's signature and reads
/// size and orientation from a ``Reader`` positioned at byte 0.
///
/// Adding a format means adding a case to ``ImageFormat`` and its row in the
/// registry (``ImageFormat/capabilities``), one type conforming to this
/// protocol, and an entry in ``FormatSniffer/parsers``.
protocol HeaderParser {
    /// The format this parser reads (the first, when it reads several).
    static var format: ImageFormat { get }

    /// Which of the parser's formats the input starting with `bytes` is in,
    /// decided as ``read(using:)`` decides it; only asked once the signature has matched.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat

    /// Whether the input's first bytes (up to ``FormatSniffer/signatureLength``,
    /// fewer for short inputs) are this format's signature.
    static func matches(signature: [UInt8]) -> Bool

    /// Reads the header. The reader is at byte 0 and the signature has matched.
    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader
}

extension HeaderParser {
    /// A parser of one format: ``format``.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat { format }
}
