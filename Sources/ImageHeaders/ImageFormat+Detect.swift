extension ImageFormat {
    /// The format of the image whose leading bytes (or whole file) are
    /// `bytes`, never from a file name, or nil when no header parser
    /// recognises them.
    ///
    /// The one sniffer: the header scan picks its parser the same way
    /// (``FormatSniffer``), and Thumbnails dispatches its decoders on this,
    /// so the scanner and the renderer always agree on what a file is. The
    /// formats one parser reads are told apart as the parser does (HEIC, HEIF
    /// or AVIF by `ftyp` brands; MP4 or QuickTime; WebM or Matroska; icon or cursor).
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        FormatSniffer.format(of: bytes)
    }
}
