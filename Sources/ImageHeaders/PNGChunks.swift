/// Walks the chunks of a PNG held in memory, one ``PNGChunk`` per call to
/// ``next()``, up to and including `IEND`: the one walker for callers that
/// rewrite or inspect whole files (metadata stripping, format checks).
///
/// Pure and bounded: each chunk moves the walk at least 12 bytes on and every
/// length is checked, so any input ends in `nil` or a ``PNGChunkError``, never
/// a trap. Bytes after `IEND` are not read (``offset`` says where they start).
/// CRCs are located but not checked. ``ImageHeader/read(from:limits:)`` reads
/// only the chunks before the image data, streaming from files, and shares the
/// chunk knowledge (``PNGChunkType``) rather than this walk.
public struct PNGChunks: Sendable {
    /// The 8-byte PNG signature.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The bytes being walked.
    public let bytes: [UInt8]
    /// Where the next chunk starts; after `IEND`, the offset just past it.
    public private(set) var offset: Int
    /// Whether `IEND` has been returned.
    public private(set) var reachedIEND = false

    /// Starts a walk after the signature, which `bytes` must begin with.
    public init(_ bytes: [UInt8]) throws(PNGChunkError) {
        guard bytes.starts(with: Self.signature) else {
            throw PNGChunkError(offset: 0, reason: .missingSignature)
        }
        self.bytes = bytes
        self.offset = Self.signature.count
    }

    /// The next chunk, or `nil` after `IEND` or exactly at the end of the input.
    public mutating func next() throws(PNGChunkError) -> PNGChunk? {
        guard !reachedIEND, offset < bytes.count else { return nil }
        guard bytes.count - offset >= 12 else {
            throw PNGChunkError(offset: offset, reason: .truncatedHeader)
        }
        let length = Int(bigEndian32(at: offset))
        let type = bigEndian32(at: offset + 4)
        guard length <= Int(PNGChunkType.maxLength) else {
            throw PNGChunkError(offset: offset, reason: .badLength(type: type, length: length))
        }
        guard length <= bytes.count - offset - 12 else {
            throw PNGChunkError(offset: offset, reason: .truncated(type: type, length: length))
        }
        let dataStart = offset + 8
        let chunk = PNGChunk(type: type, offset: offset, data: dataStart..<(dataStart + length),
                             crc: (dataStart + length)..<(dataStart + length + 4))
        offset = chunk.crc.upperBound
        reachedIEND = type == PNGChunkType.iend
        return chunk
    }

    private func bigEndian32(at index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }
}
