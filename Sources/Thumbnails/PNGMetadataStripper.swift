import ImageHeaders

/// Removes the PNG chunks that can carry private data — `eXIf`, `tEXt`, `zTXt`, `iTXt`,
/// `tIME` — for publishing originals, keeping every other chunk byte for byte (so pixels,
/// transparency and colour profile stay).
///
/// Pure: the chunks come from ImageHeaders' ``PNGChunks`` walk. Anything that is not a
/// well-formed chunk sequence ending in `IEND` gives nil, so nothing half-understood is
/// published; bytes after `IEND` are dropped.
public enum PNGMetadataStripper {
    /// The chunk types removed.
    public static let removedTypes: Set<UInt32> = [PNGChunkType.exif, PNGChunkType.text, PNGChunkType.ztxt,
                                                   PNGChunkType.itxt, PNGChunkType.time]

    /// The PNG without its metadata chunks, or nil when `bytes` is not a complete PNG chunk sequence.
    public static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        guard var chunks = try? PNGChunks(bytes) else { return nil }
        var result = PNGChunks.signature
        result.reserveCapacity(bytes.count)
        do {
            while let chunk = try chunks.next() {
                if !removedTypes.contains(chunk.type) { result.append(contentsOf: bytes[chunk.bytes]) }
            }
        } catch {
            return nil
        }
        return chunks.reachedIEND ? result : nil
    }
}
