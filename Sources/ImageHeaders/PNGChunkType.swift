/// PNG chunk type codes as big-endian 32-bit values, and their display names.
///
/// Shared by the header parser and ``PNGChunks``.
public enum PNGChunkType {
    public static let ihdr = code("IHDR")
    public static let idat = code("IDAT")
    public static let iend = code("IEND")
    /// Apple's iOS-optimised PNG marker chunk, placed before IHDR.
    public static let cgbi = code("CgBI")
    /// APNG animation control; its presence before IDAT makes the PNG animated.
    public static let actl = code("acTL")
    /// Exif data (PNG Third Edition), TIFF-structured.
    public static let exif = code("eXIf")
    /// Embedded ICC profile.
    public static let iccp = code("iCCP")
    /// Latin-1 text (keyword and value).
    public static let text = code("tEXt")
    /// Compressed Latin-1 text.
    public static let ztxt = code("zTXt")
    /// International (UTF-8) text, possibly compressed; XMP lives here.
    public static let itxt = code("iTXt")
    /// The time of the last modification.
    public static let time = code("tIME")

    /// The largest chunk length and image side PNG allows, 2³¹−1.
    public static let maxLength: UInt32 = 0x7FFF_FFFF

    /// The four bytes of a type code.
    public static func bytes(_ type: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: type >> 24), UInt8(truncatingIfNeeded: type >> 16),
         UInt8(truncatingIfNeeded: type >> 8), UInt8(truncatingIfNeeded: type)]
    }

    /// The type as text for error messages: letters as they are, other bytes as `\xNN`.
    public static func name(_ type: UInt32) -> String {
        var text = ""
        for byte in bytes(type) {
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isLetter {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return text
    }

    static func code(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
