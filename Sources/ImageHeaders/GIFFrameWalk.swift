/// Whether a GIF holds more than one image: its blocks walked from the end of
/// the global colour table, extensions and the first image's data skipped by
/// their sub-block lengths, until a second image descriptor (animated), the
/// trailer or the end (a still).
///
/// Header bytes only, never a pixel decoded: a first frame's compressed data
/// is stepped over 255 bytes at a time, inside ``HeaderLimits/maxBytesRead``
/// (4 MiB) and ``HeaderLimits/maxSegments`` blocks; a GIF whose first frame is
/// larger than that, or whose blocks are damaged, is taken as a still, which
/// is what it looked like before animations were published.
enum GIFFrameWalk {
    /// Block introducers (GIF89a §20, §23, §27).
    private static let imageSeparator: UInt8 = 0x2C
    private static let extensionIntroducer: UInt8 = 0x21
    private static let trailer: UInt8 = 0x3B

    /// Whether a second image descriptor follows the first. `packed` is the
    /// logical screen descriptor's packed field (its global colour table flag and size).
    static func isAnimated<Source: ByteSource>(packed: UInt8, using reader: inout Reader<Source>) -> Bool {
        var position = 13 + colourTableLength(packed)
        var images = 0
        do {
            for _ in 0..<max(0, reader.limits.maxSegments) {
                reader.seek(to: position)
                let introducer = try reader.readUInt8(of: InputPart("GIF block", at: position))
                switch introducer {
                case imageSeparator:
                    images += 1
                    if images > 1 { return true }
                    // Left, top, width, height (2 bytes each), then the packed field.
                    reader.seek(to: position + 9)
                    let local = try reader.readUInt8(of: InputPart("GIF image descriptor", at: position))
                    // The descriptor, its local colour table, the LZW minimum code size.
                    position = try skipSubBlocks(from: position + 10 + colourTableLength(local) + 1, using: &reader)
                case extensionIntroducer:
                    position = try skipSubBlocks(from: position + 2, using: &reader)
                default:
                    // The trailer, or bytes that are no block: no second image to find.
                    return false
                }
            }
        } catch {
            return false
        }
        return false
    }

    /// The bytes of a colour table whose flag and size are in `packed`.
    private static func colourTableLength(_ packed: UInt8) -> Int {
        packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1)
    }

    /// The offset after the data sub-blocks starting at `position` and their terminator.
    private static func skipSubBlocks<Source: ByteSource>(from start: Int,
                                                          using reader: inout Reader<Source>) throws(HeaderError) -> Int {
        var position = start
        while true {
            reader.seek(to: position)
            let length = try reader.readUInt8(of: InputPart("GIF data sub-block", at: position))
            position += 1 + Int(length)
            if length == 0 { return position }
        }
    }
}
