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

    @Test("A decimal field reads as Int64(String) reads it", arguments: [
        "0", "7", "007", "-0", "+1", "-12", "1234567890123", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "-9223372036854775809", "", "-", "+", "1a", " 1", "1 ", "--1", "+-1", "٣",
    ])
    func decimalField(_ text: String) {
        let framed = Array(("\t" + text + "\t").utf8)
        #expect(framed[1..<(framed.count - 1)].decimalInt64 == Int64(text))
    }

    /// The safe-path check in one pass says what the split it replaced said:
    /// one or more segments, none empty, `.` or `..`.
    @Test("A path is safe exactly when the split says so", arguments: 0..<8)
    func safePaths(seed: Int) {
        func reference(_ path: String) -> Bool {
            guard let first = path.utf8.first, first != UInt8(ascii: "/") else { return false }
            return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty || $0 == "." || $0 == ".." }
        }
        var state = UInt64(seed + 7) &* 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(state >> 60)
            var path = ""
            for _ in 0..<length {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                path.append(["a", ".", "/", "é"][Int(state >> 62)])
            }
            #expect(OutputFolder.isSafeRelativePath(path) == reference(path), "\(path)")
        }
        for path in ["a", "a/b", "...", "a/.../b", ".a", "a.", "", "/", "a/", "/a", ".", "..", "a/./b", "a/../b", "a//b"] {
            #expect(OutputFolder.isSafeRelativePath(path) == reference(path), "\(path)")
        }
    }
}
