/// A little-endian Exif block with IFD0 and optional Exif and GPS IFDs, any
/// field type: for photos carrying exposure data, serials and positions.
struct ExifBlock {
    struct Field {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var data: [UInt8]
    }

    var ifd0: [Field] = []
    var exif: [Field] = []
    var gps: [Field] = []

    static func ascii(_ tag: UInt16, _ text: String) -> Field {
        Field(tag: tag, type: 2, count: UInt32(text.utf8.count + 1), data: Array(text.utf8) + [0])
    }

    static func short(_ tag: UInt16, _ value: UInt16) -> Field {
        Field(tag: tag, type: 3, count: 1, data: u16(Int(value)))
    }

    static func rational(_ tag: UInt16, _ numerator: UInt32, _ denominator: UInt32) -> Field {
        Field(tag: tag, type: 5, count: 1, data: u32(Int(numerator)) + u32(Int(denominator)))
    }

    /// Three RATIONALs, as GPS latitude and longitude are written.
    static func degrees(_ tag: UInt16, _ degrees: UInt32, _ minutes: UInt32, _ seconds: UInt32) -> Field {
        Field(tag: tag, type: 5, count: 3, data: [degrees, minutes, seconds].flatMap { u32(Int($0)) + u32(1) })
    }

    var bytes: [UInt8] {
        var ifds = [ifd0]
        if !exif.isEmpty { ifds[0].append(Field(tag: 0x8769, type: 4, count: 1, data: [])); ifds.append(exif) }
        if !gps.isEmpty { ifds[0].append(Field(tag: 0x8825, type: 4, count: 1, data: [])); ifds.append(gps) }
        ifds[0].sort { $0.tag < $1.tag }
        var offsets: [Int] = []
        var position = 8
        for ifd in ifds {
            offsets.append(position)
            position += 2 + 12 * ifd.count + 4
        }
        var out = Array("II".utf8) + Self.u16(42) + Self.u32(8)
        var data: [UInt8] = []
        for ifd in ifds {
            out += Self.u16(ifd.count)
            for field in ifd {
                var value = field.data
                if field.tag == 0x8769 { value = Self.u32(offsets[1]) }
                if field.tag == 0x8825 { value = Self.u32(offsets[exif.isEmpty ? 1 : 2]) }
                out += Self.u16(Int(field.tag)) + Self.u16(Int(field.type)) + Self.u32(Int(field.count))
                if value.count <= 4 {
                    out += value + [UInt8](repeating: 0, count: 4 - value.count)
                } else {
                    out += Self.u32(position + data.count)
                    data += value
                    if data.count % 2 == 1 { data.append(0) }
                }
            }
            out += Self.u32(0)
        }
        return out + data
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16 & 0xFFFF) }
}
