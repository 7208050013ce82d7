import Foundation

/// Builds JPEGs with chosen EXIF text, from a real JPEG whose own APP1
/// segments are dropped: the way to put hostile text where a camera would.
enum ExifFixture {
    /// `jpeg` with its APP1 segments replaced by one little-endian EXIF block
    /// holding `strings` (tag → ASCII text) in IFD0.
    /// `tiff`, when given, is the whole block instead (``ExifBlock``).
    static func jpeg(_ jpeg: Data, strings: [UInt16: String], tiff: [UInt8]? = nil) -> Data {
        let bytes = [UInt8](jpeg)
        var body: [UInt8] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] != 0xDA {
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if bytes[offset + 1] != 0xE1 { body += bytes[offset..<(offset + 2 + length)] }
            offset += 2 + length
        }
        body += bytes[offset...]
        let tiff = tiff ?? tiffBlock(strings)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + body)
    }

    private static func tiffBlock(_ strings: [UInt16: String]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let tags = strings.keys.sorted()
        var header = Array("II".utf8) + u16(42) + u32(8)
        var data: [UInt8] = []
        let dataStart = 8 + 2 + tags.count * 12 + 4
        header += u16(tags.count)
        for tag in tags {
            let text = Array(strings[tag]!.utf8) + [0]
            header += u16(Int(tag)) + u16(2) + u32(text.count)
            if text.count <= 4 {
                header += text + [UInt8](repeating: 0, count: 4 - text.count)
            } else {
                header += u32(dataStart + data.count)
                data += text
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return header + u32(0) + data
    }
}
