/// Why ``PNGChunks`` could not go on, and where: ``offset`` is the start of
/// the chunk at fault (or 0 for the signature). Text is made only in ``description``.
public struct PNGChunkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Byte position in the input the error refers to.
    public var offset: Int
    /// What went wrong.
    public var reason: Reason

    /// Creates an error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The input does not start with the 8-byte PNG signature.
        case missingSignature
        /// Fewer than the 12 bytes of a chunk's length, type and CRC are left.
        case truncatedHeader
        /// The chunk of this type declares more data than the input holds.
        case truncated(type: UInt32, length: Int)
        /// The chunk of this type declares a length above 2³¹−1.
        case badLength(type: UInt32, length: Int)
    }

    /// One line for people, e.g. `truncated tEXt chunk (length 900) at byte 33`.
    public var description: String {
        switch reason {
        case .missingSignature:
            return "not a PNG (no signature) at byte \(offset)"
        case .truncatedHeader:
            return "truncated PNG chunk header at byte \(offset)"
        case .truncated(let type, let length):
            return "truncated \(PNGChunkType.name(type)) chunk (length \(length)) at byte \(offset)"
        case .badLength(let type, let length):
            return "invalid length \(length) of \(PNGChunkType.name(type)) chunk at byte \(offset)"
        }
    }
}
