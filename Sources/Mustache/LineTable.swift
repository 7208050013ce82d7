/// Maps byte offsets in a template's source to line and column.
struct LineTable: Sendable {
    /// Offset of the first byte of each line, ascending; starts with 0.
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.starts = starts
    }

    func location(of offset: Int) -> SourceLocation {
        // Binary search for the last line starting at or before `offset`.
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(line: low + 1, column: offset - starts[low] + 1)
    }
}
