/// One chunk of a PNG, as ``PNGChunks`` finds it: where its parts lie in the
/// walked bytes.
public struct PNGChunk: Sendable, Equatable {
    /// The type code, e.g. ``PNGChunkType/ihdr`` (four ASCII letters, big-endian).
    public var type: UInt32
    /// Offset of the chunk's length field, where the chunk starts.
    public var offset: Int
    /// The chunk's data.
    public var data: Range<Int>
    /// The four CRC bytes after the data (not checked by the walk).
    public var crc: Range<Int>

    /// Creates a chunk record.
    public init(type: UInt32, offset: Int, data: Range<Int>, crc: Range<Int>) {
        self.type = type
        self.offset = offset
        self.data = data
        self.crc = crc
    }

    /// Length field through CRC: what to copy to keep the chunk.
    public var bytes: Range<Int> {
        offset..<crc.upperBound
    }

    /// The type as text, e.g. `IHDR`.
    public var name: String {
        PNGChunkType.name(type)
    }
}
