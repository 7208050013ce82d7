/// Removes a WebP's `EXIF` and `XMP ` chunks (and any chunk WebP does not
/// define) for publishing originals, clearing their flags in `VP8X`; the
/// image, alpha, colour profile and animation chunks are copied byte for
/// byte, and the RIFF size is set to what is left.
///
/// Pure. A chunk that runs past the end of the file ends the copy; nil when
/// `bytes` is not a RIFF WebP.
public enum WebPMetadataStripper {
    /// The chunks kept: the still's (lossy, lossless, alpha), the extended
    /// header, the colour profile and the animation's.
    public static let keptChunks: Set<String> = ["VP8 ", "VP8L", "VP8X", "ALPH", "ICCP", "ANIM", "ANMF"]
    /// `VP8X` flag bits of the removed chunks: Exif and XMP.
    static let removedFlags: UInt8 = 0x08 | 0x04

    public static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 20, bytes.starts(with: "RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8),
              let declared = uint32(bytes, at: 4) else { return nil }
        let end = min(bytes.count, 8 + Int(declared))
        var result = Array(bytes[0..<12])
        result.reserveCapacity(bytes.count)
        var position = 12
        while position + 8 <= end, let length = uint32(bytes, at: position + 4) {
            let type = String(decoding: bytes[position..<(position + 4)], as: UTF8.self)
            let chunkEnd = position + 8 + Int(length) + Int(length & 1)
            guard position + 8 + Int(length) <= end else { break }
            if keptChunks.contains(type) {
                let start = result.count
                result += bytes[position..<min(chunkEnd, end)]
                if length & 1 == 1 && chunkEnd > end { result.append(0) }
                if type == "VP8X", length >= 1 { result[start + 8] &= ~removedFlags }
            }
            position = chunkEnd
        }
        guard result.count > 12 else { return nil }
        let size = UInt32(result.count - 8)
        result[4] = UInt8(size & 0xFF)
        result[5] = UInt8((size >> 8) & 0xFF)
        result[6] = UInt8((size >> 16) & 0xFF)
        result[7] = UInt8(size >> 24)
        return result
    }

    /// The little-endian 32-bit number at `index`, nil past the end.
    private static func uint32(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[index + $1]) << (8 * UInt32($1)) }
    }
}
