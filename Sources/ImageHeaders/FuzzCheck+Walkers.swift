extension FuzzCheck {
    /// Walks `bytes` with ``JPEGSegments`` and ``PNGChunks`` (each only when
    /// the signature matches) and traps unless every record lies inside the
    /// input, after the one before it, and an error names a byte inside it.
    public static func checkWalkers(_ bytes: [UInt8]) {
        if var segments = try? JPEGSegments(bytes) {
            var previousEnd = 2
            do {
                while let segment = try segments.next() {
                    precondition(segment.offset >= previousEnd && segment.offset + 2 <= bytes.count, "segment offset")
                    precondition(segment.payload.upperBound <= bytes.count, "payload inside the input")
                    precondition(segment.length == 0 ? segment.payload.isEmpty : segment.payload.count == segment.length - 2,
                                 "payload length")
                    precondition(segment.entropyCodedData.lowerBound == segment.payload.upperBound
                                 && segment.entropyCodedData.upperBound <= bytes.count, "entropy-coded data")
                    precondition(segments.offset > segment.offset, "the walk moves on")
                    previousEnd = segment.entropyCodedData.upperBound
                }
            } catch {
                precondition(error.offset >= previousEnd && error.offset < bytes.count, "JPEG error offset")
            }
        }
        if var chunks = try? PNGChunks(bytes) {
            var previousEnd = PNGChunks.signature.count
            do {
                while let chunk = try chunks.next() {
                    precondition(chunk.offset == previousEnd, "chunks follow each other")
                    precondition(chunk.data.lowerBound == chunk.offset + 8 && chunk.crc.count == 4
                                 && chunk.crc.lowerBound == chunk.data.upperBound && chunk.bytes.upperBound <= bytes.count,
                                 "chunk parts")
                    previousEnd = chunk.bytes.upperBound
                }
            } catch {
                precondition(error.offset == previousEnd && error.offset < bytes.count, "PNG error offset")
            }
        }
    }
}
