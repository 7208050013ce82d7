/// Builds TIFF-structured Exif blocks (header, IFD0, optional IFD1).
struct ExifBuilder {
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// The 4-byte value field, already in the block's byte order.
        var value: [UInt8]
    }

    var bigEndian: Bool
    var ifd0: [Entry] = []
    var ifd1: [Entry] = []
    /// Overrides the IFD0 offset written in the header.
    var ifd0Offset: UInt32?
    /// Overrides the IFD0 entry count written (the entries themselves are unchanged).
    var ifd0Count: UInt16?

    init(bigEndian: Bool) {
        self.bigEndian = bigEndian
    }

    /// An Orientation (0x0112) SHORT entry.
    func short(_ tag: UInt16, _ value: UInt16) -> Entry {
        Entry(tag: tag, type: 3, count: 1, value: u16(value) + [0, 0])
    }

    /// A LONG entry.
    func long(_ tag: UInt16, _ value: UInt32) -> Entry {
        Entry(tag: tag, type: 4, count: 1, value: u32(value))
    }

    /// The block: header at 0, IFD0 at 8, IFD1 right after IFD0.
    var bytes: [UInt8] {
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        out += u32(ifd0Offset ?? 8)
        let ifd1Offset = ifd1.isEmpty ? 0 : UInt32(8 + 2 + 12 * ifd0.count + 4)
        out += ifd(ifd0, count: ifd0Count, next: ifd1Offset)
        if !ifd1.isEmpty {
            out += ifd(ifd1, count: nil, next: 0)
        }
        return out
    }

    private func ifd(_ entries: [Entry], count: UInt16?, next: UInt32) -> [UInt8] {
        var out = u16(count ?? UInt16(entries.count))
        for entry in entries {
            out += u16(entry.tag) + u16(entry.type) + u32(entry.count) + entry.value
        }
        return out + u32(next)
    }

    func u16(_ value: UInt16) -> [UInt8] {
        let bytes = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }

    func u32(_ value: UInt32) -> [UInt8] {
        let bytes = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        return bigEndian ? bytes : bytes.reversed()
    }
}
