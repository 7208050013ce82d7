/// Reads bit fields from a byte array, in either bit order: JPEG XL packs
/// fields from the least significant bit of each byte, the HEIF `mini` box from
/// the most significant. Reading past the end returns `nil`, never traps.
struct BitReader {
    enum BitOrder {
        case leastSignificantFirst
        case mostSignificantFirst
    }

    private let bytes: [UInt8]
    private let order: BitOrder
    /// Bits consumed so far.
    private(set) var position = 0

    init(_ bytes: [UInt8], order: BitOrder) {
        self.bytes = bytes
        self.order = order
    }

    /// The next `count` bits (0…32) as an unsigned value, or `nil` past the end.
    mutating func bits(_ count: Int) -> UInt32? {
        guard count >= 0, count <= 32 else { return nil }
        guard position <= bytes.count * 8 - count else { return nil }
        var value: UInt64 = 0
        for index in 0..<count {
            let bitIndex = position + index
            let byte = bytes[bitIndex >> 3]
            let bit: UInt8
            switch order {
            case .leastSignificantFirst:
                bit = (byte >> UInt8(bitIndex & 7)) & 1
                value |= UInt64(bit) << UInt64(index)
            case .mostSignificantFirst:
                bit = (byte >> UInt8(7 - (bitIndex & 7))) & 1
                value = value << 1 | UInt64(bit)
            }
        }
        position += count
        return UInt32(truncatingIfNeeded: value)
    }

    /// One bit as a flag.
    mutating func flag() -> Bool? {
        bits(1).map { $0 == 1 }
    }

    /// Skips `count` bits; `false` when that passes the end.
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position <= bytes.count * 8 - count else { return false }
        position += count
        return true
    }
}
