/// The value field of one IFD entry (4 bytes, 8 in BigTIFF), held inline.
///
/// A camera photo's Exif IFDs have dozens of entries; an array per entry was
/// a heap allocation and a reference count each, on every file a scan reads.
struct TIFFField: Equatable {
    /// The bytes in file order: byte `i` in bits `8i..<8i+8`.
    private let bits: UInt64
    /// How many bytes the field holds: 4, or 8 in BigTIFF.
    let count: Int

    /// The field of `width` bytes (at most 8) at `index` in `table`.
    init(_ table: ArraySlice<UInt8>, at index: Int, width: Int) {
        var bits: UInt64 = 0
        for step in 0..<width {
            bits |= UInt64(table[index + step]) << UInt64(8 * step)
        }
        self.bits = bits
        count = width
    }

    /// The first byte.
    var first: UInt8 { UInt8(truncatingIfNeeded: bits) }

    /// An unsigned integer of `width` bytes at `index` in `order`; `nil` past the field's end.
    func unsigned(at index: Int, width: Int, _ order: ByteOrder) -> UInt64? {
        guard width >= 1, index >= 0, index + width <= count else { return nil }
        var value: UInt64 = 0
        for step in 0..<width {
            let position = index + (order == .bigEndian ? step : width - 1 - step)
            value = value << 8 | (bits >> UInt64(8 * position)) & 0xFF
        }
        return value
    }

    func uint16(at index: Int, _ order: ByteOrder) -> UInt16? {
        unsigned(at: index, width: 2, order).map { UInt16(truncatingIfNeeded: $0) }
    }

    func uint32(at index: Int, _ order: ByteOrder) -> UInt32? {
        unsigned(at: index, width: 4, order).map { UInt32(truncatingIfNeeded: $0) }
    }

    func uint64(at index: Int, _ order: ByteOrder) -> UInt64? {
        unsigned(at: index, width: 8, order)
    }

    /// The first `length` bytes (at most ``count``), for values held inline.
    func prefix(_ length: Int) -> [UInt8] {
        (0..<min(length, count)).map { UInt8(truncatingIfNeeded: bits >> UInt64(8 * $0)) }
    }
}
