/// Picks the parser for an input by its magic bytes, never by file name.
enum FormatSniffer {
    /// How many leading bytes the sniffer looks at; enough for every signature.
    static var signatureLength: Int { 16 }

    /// Every parser, in the order signatures are tried. Signatures do not
    /// overlap, so the order only matters for speed (most common first).
    static var parsers: [any HeaderParser.Type] {
        [JPEGHeaderParser.self, PNGHeaderParser.self]
    }

    /// The parser whose signature matches `signature`, if any.
    static func parser(for signature: [UInt8]) -> (any HeaderParser.Type)? {
        parsers.first { $0.matches(signature: signature) }
    }
}
