@testable import Gallery
import Testing

/// ``Swift/ArraySlice/pieces(separatedBy:omittingEmpty:)`` must split exactly as the standard library's `split` does.
@Suite("Byte split")
struct ByteSplitTests {
    @Test("Pieces are the standard split's, empty pieces kept or omitted", arguments: [
        "", "\n", "\n\n", "a", "a\n", "\na", "a\nb", "a\n\nb\n", "\n\na\tb\t\n\t", "no separator at all",
    ])
    func sameAsSplit(_ text: String) {
        for separator in [UInt8(ascii: "\n"), UInt8(ascii: "\t")] {
            let bytes = Array(text.utf8)
            for omitting in [false, true] {
                let expected = bytes.split(separator: separator, omittingEmptySubsequences: omitting).map(Array.init)
                #expect(bytes.pieces(separatedBy: separator, omittingEmpty: omitting).map(Array.init) == expected)
                // A slice keeps its own indices: pieces of the middle of a larger array.
                let framed = [UInt8(ascii: "x")] + bytes + [UInt8(ascii: "y")]
                let middle = framed[1..<(framed.count - 1)]
                #expect(middle.pieces(separatedBy: separator, omittingEmpty: omitting).map(Array.init) == expected)
            }
        }
    }

    @Test("Random bytes split the same", arguments: 0..<20)
    func randomBytes(seed: Int) {
        var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<(seed * 37 % 300)).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return [UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "a"), 0][Int(state >> 62)]
        }
        for omitting in [false, true] {
            #expect(bytes.pieces(separatedBy: 10, omittingEmpty: omitting).map(Array.init)
                == bytes.split(separator: 10, omittingEmptySubsequences: omitting).map(Array.init))
        }
    }
}
