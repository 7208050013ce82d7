@testable import ImageHeaders
import Testing

/// The inline IFD value field and the visited-offset set that replaced an
/// array per entry and a hash set per Exif block.
struct TIFFFieldTests {
    @Test(arguments: [
        ([0x12, 0x34, 0x56, 0x78], ByteOrder.bigEndian, UInt32(0x1234_5678), UInt16(0x1234)),
        ([0x12, 0x34, 0x56, 0x78], ByteOrder.littleEndian, UInt32(0x7856_3412), UInt16(0x3412)),
        ([0xFF, 0x00, 0x00, 0x01], ByteOrder.bigEndian, UInt32(0xFF00_0001), UInt16(0xFF00)),
    ] as [([UInt8], ByteOrder, UInt32, UInt16)])
    func readsAsTheArrayDid(bytes: [UInt8], order: ByteOrder, word: UInt32, half: UInt16) {
        let table = ([0xAA, 0xBB] + bytes)[...]
        let field = TIFFField(table, at: 2, width: 4)
        #expect(field.uint32(at: 0, order) == word && word == bytes.uint32(at: 0, order))
        #expect(field.uint16(at: 0, order) == half)
        #expect(field.uint16(at: 2, order) == bytes.uint16(at: 2, order))
        #expect(field.first == bytes[0] && field.prefix(3) == Array(bytes.prefix(3)) && field.prefix(9) == bytes)
        // Past the field's four bytes there is nothing, as past the array's end.
        #expect(field.uint16(at: 3, order) == nil && field.uint64(at: 0, order) == nil)
    }

    @Test func eightByteFieldsOfBigTIFF() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        let field = TIFFField(bytes[...], at: 0, width: 8)
        #expect(field.uint64(at: 0, .bigEndian) == 0x0102_0304_0506_0708)
        #expect(field.uint64(at: 0, .littleEndian) == 0x0807_0605_0403_0201)
        #expect(field.count == 8)
    }

    /// Inline for the first four, an array after: a loop is caught at any depth.
    @Test func visitedOffsetsHoldEveryOffset() {
        var visited = VisitedOffsets()
        let offsets: [UInt64] = [8, 200, 4_000, 9, 70_000, 123, 8_000_000]
        for (index, offset) in offsets.enumerated() {
            #expect(!visited.contains(offset))
            visited.append(offset)
            #expect(visited.count == index + 1)
            #expect(offsets[...index].allSatisfy(visited.contains))
            #expect(!visited.contains(1) && !visited.contains(UInt64.max))
        }
    }
}
