/// One format's header parser: recognises the format's signature and reads
/// size and orientation from a ``Reader`` positioned at byte 0.
///
/// Adding a format means adding a case to ``ImageFormat``, one type conforming
/// to this protocol, and an entry in ``FormatSniffer/parsers``.
protocol HeaderParser {
    /// The format this parser reads.
    static var format: ImageFormat { get }

    /// Whether the input's first bytes (up to ``FormatSniffer/signatureLength``,
    /// fewer for short inputs) are this format's signature.
    static func matches(signature: [UInt8]) -> Bool

    /// Reads the header. The reader is at byte 0 and the signature has matched.
    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader
}
