@testable import ImageHeaders

/// Builds PNG byte streams chunk by chunk, with correct CRCs unless told otherwise.
struct PNGBuilder {
    private(set) var bytes: [UInt8] = PNGHeaderParser.signature

    /// Appends a chunk; `crc` overrides the computed CRC.
    func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil, length: UInt32? = nil) -> PNGBuilder {
        var copy = self
        let typeBytes = Array(type.utf8)
        copy.bytes += be32(length ?? UInt32(data.count)) + typeBytes + data
        copy.bytes += be32(crc ?? CRC32.checksum(typeBytes + data))
        return copy
    }

    /// Appends IHDR (8-bit RGB, not interlaced).
    func ihdr(width: UInt32, height: UInt32) -> PNGBuilder {
        chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
    }

    /// Appends a small IDAT and IEND.
    func imageData() -> PNGBuilder {
        chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]).chunk("IEND", [])
    }

    func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
