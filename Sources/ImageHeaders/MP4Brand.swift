/// The `ftyp` brands that mark an MPEG-4 or QuickTime video (ISO/IEC
/// 14496-12 and -14, 3GPP TS 26.244, Apple's QuickTime File Format). HEIF
/// image brands are HEIFBrand's and are tried first; other ISO BMFF files
/// (Canon CR3 `crx `, audio-only `M4A `) are neither.
enum MP4Brand {
    static let quickTime = FourCC.code("qt  ")
    static let video: Set<UInt32> = Set([
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1", "av01",
        "M4V ", "M4VH", "M4VP", "f4v ", "qt  ", "3gp4", "3gp5", "3gp6", "3gp7", "3gp9", "3gg6", "3ge6", "3g2a",
        "3g2b", "3g2c", "dash", "cmfc", "msnv", "MSNV", "XAVC", "hvc1", "hev1", "mmp4",
    ].map(code))

    /// Box types a QuickTime file from before `ftyp` may open with.
    static let bareQuickTimeOpenings: Set<UInt32> = Set(["moov", "mdat", "wide", "free", "skip", "pnot"].map(code))

    private static func code(_ name: String) -> UInt32 {
        name.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }
}
