/// Whether a GIF holds more than one image: its blocks walked from the end of
/// the global colour table, extensions and the first image's data skipped by
/// their sub-block lengths, until a second image descriptor (animated), the
/// trailer or the end (a still).
///
/// Header bytes only, never a pixel decoded. A first frame's compressed data
/// has a length byte every 255 bytes, so it is read through, in 64 KiB reads
/// after the first window (one call per 64 KiB), at most ``walkLimit`` bytes
/// and ``HeaderLimits/maxSegments`` blocks. A GIF whose first frame is
/// larger than that, or whose blocks are damaged, is taken as a still,
/// which is what every GIF looked like before animations were published.
enum GIFFrameWalk {
    /// Most bytes walked past the logical screen: 2 MiB, a first frame of
    /// some 2,000 × 1,000 pixels of typical compression.
    static let walkLimit = 2 << 20
    /// Bytes asked for at once past the first window.
    static let readSize = 64 << 10

    /// Block introducers (GIF89a §20, §23, §27).
    private static let imageSeparator: UInt8 = 0x2C
    private static let extensionIntroducer: UInt8 = 0x21

    /// Whether a second image descriptor follows the first. `packed` is the
    /// logical screen descriptor's packed field (its global colour table flag and size).
    static func isAnimated<Source: ByteSource>(packed: UInt8, using reader: inout Reader<Source>) -> Bool {
        let start = 13 + colourTableLength(packed)
        var bytes = Bytes(start: start, limit: start + walkLimit)
        var position = start
        var images = 0
        do {
            for _ in 0..<max(0, reader.limits.maxSegments) {
                guard let introducer = try bytes.byte(at: position, using: &reader) else { return false }
                switch introducer {
                case imageSeparator:
                    images += 1
                    if images > 1 { return true }
                    // Left, top, width, height (2 bytes each), then the packed field.
                    guard let local = try bytes.byte(at: position + 9, using: &reader) else { return false }
                    // The descriptor, its local colour table, the LZW minimum code size.
                    guard let end = try skipSubBlocks(from: position + 10 + colourTableLength(local) + 1,
                                                      in: &bytes, using: &reader) else { return false }
                    position = end
                case extensionIntroducer:
                    guard let end = try skipSubBlocks(from: position + 2, in: &bytes, using: &reader) else { return false }
                    position = end
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

    /// The offset after the data sub-blocks starting at `start` and their
    /// terminator; nil when the input or the walk ends first.
    private static func skipSubBlocks<Source: ByteSource>(from start: Int, in bytes: inout Bytes,
                                                          using reader: inout Reader<Source>) throws(HeaderError) -> Int? {
        var position = start
        while true {
            guard let length = try bytes.byte(at: position, using: &reader) else { return nil }
            position += 1 + Int(length)
            if length == 0 { return position }
        }
    }

    /// The walked bytes, one read at a time, forward only.
    private struct Bytes {
        var chunk: [UInt8] = []
        var chunkStart: Int
        let limit: Int

        init(start: Int, limit: Int) {
            chunkStart = start
            self.limit = limit
        }

        /// The byte at `position`; nil past the end of input or of the walk.
        mutating func byte<Source: ByteSource>(at position: Int, using reader: inout Reader<Source>) throws(HeaderError) -> UInt8? {
            guard position < limit else { return nil }
            if position < chunkStart || position >= chunkStart + chunk.count {
                // The first read takes what the first window holds; later ones 64 KiB.
                let wanted = chunk.isEmpty && position < Reader<Source>.windowSize
                    ? Reader<Source>.windowSize - position : GIFFrameWalk.readSize
                chunk = try reader.readAvailable(at: position, upTo: max(1, min(wanted, limit - position)))
                chunkStart = position
                guard !chunk.isEmpty else { return nil }
            }
            return chunk[position - chunkStart]
        }
    }
}
