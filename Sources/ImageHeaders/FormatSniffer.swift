/// Picks the parser for an input by its leading bytes, never by file name.
enum FormatSniffer {
    /// How many leading bytes the sniffer looks at: every signature, an ICO
    /// directory entry, a TGA header and the brands of a typical `ftyp` box.
    static var signatureLength: Int { 64 }

    /// Every parser, in the order signatures are tried: formats with real
    /// signatures first (most common first), then the weaker text and
    /// field-plausibility checks (PNM, SVG), and TGA, which has no signature, last.
    static var parsers: [any HeaderParser.Type] {
        [
            // Camera RAWs before TIFF (ORF and RW2 are TIFF variants) and before the ISO BMFF parsers (CR3).
            JPEGHeaderParser.self, CameraRawHeaderParser.self, PNGHeaderParser.self, HEIFHeaderParser.self, MP4HeaderParser.self,
            WebPHeaderParser.self,
            GIFHeaderParser.self, TIFFHeaderParser.self, JXLHeaderParser.self, BMPHeaderParser.self,
            PSDHeaderParser.self, QOIHeaderParser.self, JP2HeaderParser.self, DDSHeaderParser.self, MatroskaHeaderParser.self,
            AVIHeaderParser.self, OggHeaderParser.self,
            ICOHeaderParser.self, PNMHeaderParser.self, SVGHeaderParser.self, TGAHeaderParser.self,
        ]
    }

    /// The parser whose signature matches `signature`, if any.
    static func parser(for signature: [UInt8]) -> (any HeaderParser.Type)? {
        parsers.first { $0.matches(signature: signature) }
    }

    /// The format of the input starting with `bytes`: the matching parser's,
    /// told apart from the others it reads by the parser itself.
    static func format(of bytes: [UInt8]) -> ImageFormat? {
        let signature = bytes.count > signatureLength ? Array(bytes[0..<signatureLength]) : bytes
        return parser(for: signature)?.format(leadingBytes: bytes)
    }
}
