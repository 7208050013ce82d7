import Testing
@testable import ImageHeaders

/// ``PNGChunks`` over hand-built files: where each chunk's parts lie, and
/// hostile or truncated input ending in a typed error at the chunk's offset.
@Suite struct PNGChunksTests {
    /// A chunk with a zero CRC (the walk does not check CRCs).
    static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        let length = UInt32(data.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    static let ihdr = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
    static let png = PNGChunks.signature + ihdr + chunk("tEXt", Array("a\0b".utf8)) + chunk("IEND")

    static func walk(_ bytes: [UInt8]) -> (chunks: [String], error: PNGChunkError?, reachedIEND: Bool) {
        var lines: [String] = []
        do {
            var chunks = try PNGChunks(bytes)
            while let chunk = try chunks.next() {
                lines.append("\(chunk.name)@\(chunk.offset) data \(chunk.data) crc \(chunk.crc)")
            }
            return (lines, nil, chunks.reachedIEND)
        } catch {
            return (lines, error, false)
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let bytes: [UInt8]
        let chunks: [String]
        let error: PNGChunkError?
    }

    static let whole = ["IHDR@8 data 16..<29 crc 29..<33", "tEXt@33 data 41..<44 crc 44..<48", "IEND@48 data 56..<56 crc 56..<60"]

    static let cases: [Case] = [
        Case(description: "IHDR tEXt IEND", bytes: png, chunks: whole, error: nil),
        Case(description: "bytes after IEND are not read", bytes: png + [1, 2, 3], chunks: whole, error: nil),
        Case(description: "no IEND", bytes: PNGChunks.signature + ihdr, chunks: [whole[0]], error: nil),
        Case(description: "no signature", bytes: [0xFF, 0xD8, 0xFF], chunks: [],
             error: PNGChunkError(offset: 0, reason: .missingSignature)),
        Case(description: "chunk header cut off", bytes: PNGChunks.signature + ihdr + [0, 0, 0], chunks: [whole[0]],
             error: PNGChunkError(offset: 33, reason: .truncatedHeader)),
        Case(description: "data past the end", bytes: PNGChunks.signature + [0, 0, 0, 100] + Array("tEXt".utf8) + [UInt8](repeating: 0, count: 10),
             chunks: [], error: PNGChunkError(offset: 8, reason: .truncated(type: PNGChunkType.text, length: 100))),
        Case(description: "length over 2³¹−1", bytes: PNGChunks.signature + [0x80, 0, 0, 0] + Array("IDAT".utf8) + [0, 0, 0, 0],
             chunks: [], error: PNGChunkError(offset: 8, reason: .badLength(type: PNGChunkType.idat, length: 0x8000_0000))),
        Case(description: "CRC cut off", bytes: Array(png.dropLast(1)), chunks: Array(whole.prefix(2)),
             error: PNGChunkError(offset: 48, reason: .truncatedHeader)),
    ]

    @Test(arguments: cases)
    func walks(_ example: Case) {
        let result = Self.walk(example.bytes)
        #expect(result.chunks == example.chunks)
        #expect(result.error == example.error)
    }

    @Test func reachedIENDOnlyWithIEND() {
        #expect(Self.walk(Self.png).reachedIEND)
        #expect(!Self.walk(PNGChunks.signature + Self.ihdr).reachedIEND)
    }

    @Test func everyPrefixEndsInNilOrAnErrorAtAChunkStart() {
        let starts = [0, 8, 33, 48]
        for cut in 0...Self.png.count {
            if let error = Self.walk(Array(Self.png.prefix(cut))).error {
                #expect(starts.contains(error.offset) && error.offset <= max(0, cut - 1) || error.offset == 0, "cut \(cut): \(error)")
            }
        }
    }

    @Test func errorsSayWhereAndWhat() {
        #expect(PNGChunkError(offset: 8, reason: .truncated(type: PNGChunkType.text, length: 100)).description
                == "truncated tEXt chunk (length 100) at byte 8")
    }
}
