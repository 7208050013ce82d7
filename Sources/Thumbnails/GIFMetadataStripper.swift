/// Removes what a GIF can carry besides its pictures — comment extensions,
/// and application extensions other than looping (`NETSCAPE2.0`,
/// `ANIMEXTS1.0`) and colour (`ICCRGBG1012`): XMP packets, editors' private
/// data — for publishing originals. Every other block is copied byte for
/// byte, so frames, timing, transparency and looping stay.
///
/// Pure. A file that ends early keeps its whole blocks and gets its trailer;
/// a block that is not one GIF defines ends the copy there (what follows is
/// not understood, so it is not published); nil when `bytes` is no GIF.
public enum GIFMetadataStripper {
    /// Application identifiers (8 bytes) + authentication codes (3) kept.
    public static let keptApplications: Set<[UInt8]> = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8),
                                                        Array("ICCRGBG1012".utf8)]
    /// Extension labels copied as they are: graphic control (timing, transparency) and plain text.
    static let keptExtensions: Set<UInt8> = [0xF9, 0x01]

    public static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 13, bytes.starts(with: "GIF87a".utf8) || bytes.starts(with: "GIF89a".utf8) else { return nil }
        let packed = bytes[10]
        let screenEnd = 13 + (packed & 0x80 == 0 ? 0 : 3 << (Int(packed & 0x07) + 1))
        guard screenEnd <= bytes.count else { return nil }
        var result = Array(bytes[0..<screenEnd])
        result.reserveCapacity(bytes.count)
        var position = screenEnd
        walk: while position < bytes.count {
            switch bytes[position] {
            case 0x2C:
                guard position + 10 <= bytes.count else { break walk }
                let local = bytes[position + 9]
                let dataStart = position + 10 + (local & 0x80 == 0 ? 0 : 3 << (Int(local & 0x07) + 1)) + 1
                guard let end = subBlocksEnd(bytes, from: dataStart) else { break walk }
                result += bytes[position..<end]
                position = end
            case 0x21:
                guard position + 2 <= bytes.count, let end = subBlocksEnd(bytes, from: position + 2) else { break walk }
                if keeps(bytes, extensionAt: position) { result += bytes[position..<end] }
                position = end
            default:
                // The trailer, or bytes that are no block.
                break walk
            }
        }
        result.append(0x3B)
        return result
    }

    /// Whether the extension at `position` is one the pictures need.
    private static func keeps(_ bytes: [UInt8], extensionAt position: Int) -> Bool {
        let label = bytes[position + 1]
        if keptExtensions.contains(label) { return true }
        guard label == 0xFF, position + 3 + 11 <= bytes.count, bytes[position + 2] == 11 else { return false }
        return keptApplications.contains(Array(bytes[(position + 3)..<(position + 14)]))
    }

    /// The offset after the sub-blocks starting at `start` and their
    /// terminator; nil when the bytes end first.
    private static func subBlocksEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            let length = Int(bytes[position])
            position += 1 + length
            if length == 0 { return position }
        }
        return nil
    }
}
