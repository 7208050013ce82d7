/// Builds little- or big-endian TIFF blocks with IFD0 and optional Exif and
/// GPS IFDs, placing values that do not fit an entry after the IFDs.
struct TIFFBlockBuilder {
    struct Field {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var data: [UInt8]
    }

    var bigEndian = false
    var ifd0: [Field] = []
    var exif: [Field] = []
    var gps: [Field] = []
    /// Makes the Exif IFD's pointer point at IFD0 (a loop).
    var exifPointsAtIFD0 = false

    static func ascii(_ tag: UInt16, _ text: [UInt8]) -> Field {
        Field(tag: tag, type: 2, count: UInt32(text.count + 1), data: text + [0])
    }

    static func ascii(_ tag: UInt16, _ text: String) -> Field {
        ascii(tag, Array(text.utf8))
    }

    func short(_ tag: UInt16, _ value: UInt16) -> Field {
        Field(tag: tag, type: 3, count: 1, data: u16(value))
    }

    func long(_ tag: UInt16, _ value: UInt32) -> Field {
        Field(tag: tag, type: 4, count: 1, data: u32(value))
    }

    var bytes: [UInt8] {
        var ifds: [[Field]] = [ifd0]
        if !exif.isEmpty || exifPointsAtIFD0 { ifds.append(exif) }
        if !gps.isEmpty { ifds.append(gps) }
        // Offsets: header 8, then each IFD (with its pointer entries added), then data.
        var withPointers = ifds
        if !exif.isEmpty || exifPointsAtIFD0 { withPointers[0].append(long(0x8769, 0)) }
        if !gps.isEmpty { withPointers[0].append(long(0x8825, 0)) }
        var ifdOffsets: [Int] = []
        var position = 8
        for ifd in withPointers {
            ifdOffsets.append(position)
            position += 2 + 12 * ifd.count + 4
        }
        var pointerIndex = 1
        if !exif.isEmpty || exifPointsAtIFD0 {
            let target = exifPointsAtIFD0 ? 8 : ifdOffsets[pointerIndex]
            withPointers[0][withPointers[0].count - (gps.isEmpty ? 1 : 2)].data = u32(UInt32(target))
            pointerIndex += 1
        }
        if !gps.isEmpty {
            withPointers[0][withPointers[0].count - 1].data = u32(UInt32(ifdOffsets[pointerIndex]))
        }
        var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        out += u32(8)
        var data: [UInt8] = []
        for ifd in withPointers {
            out += u16(UInt16(ifd.count))
            for field in ifd {
                out += u16(field.tag) + u16(field.type) + u32(field.count)
                if field.data.count <= 4 {
                    out += field.data + [UInt8](repeating: 0, count: 4 - field.data.count)
                } else {
                    out += u32(UInt32(position + data.count))
                    data += field.data
                }
            }
            out += u32(0)
        }
        return out + data
    }

    func u16(_ value: UInt16) -> [UInt8] {
        bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    func u32(_ value: UInt32) -> [UInt8] {
        let big = [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
        return bigEndian ? big : big.reversed()
    }
}
