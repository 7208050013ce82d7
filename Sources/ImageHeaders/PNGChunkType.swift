/// PNG chunk type codes as big-endian 32-bit values, and their display names.
enum PNGChunkType {
    static let ihdr = code("IHDR")
    static let idat = code("IDAT")
    static let iend = code("IEND")
    /// Apple's iOS-optimised PNG marker chunk, placed before IHDR.
    static let cgbi = code("CgBI")
    /// APNG animation control; its presence before IDAT makes the PNG animated.
    static let actl = code("acTL")
    /// Exif data (PNG Third Edition), TIFF-structured.
    static let exif = code("eXIf")
    /// Embedded ICC profile.
    static let iccp = code("iCCP")

    /// The four bytes of a type code.
    static func bytes(_ type: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: type >> 24), UInt8(truncatingIfNeeded: type >> 16),
         UInt8(truncatingIfNeeded: type >> 8), UInt8(truncatingIfNeeded: type)]
    }

    /// The type as text for error messages: letters as they are, other bytes as `\xNN`.
    static func name(_ type: UInt32) -> String {
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

    private static func code(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }
}
