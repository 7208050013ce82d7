/// Maps byte offsets in a page to 1-based line and UTF-8 byte column.
///
/// Line breaks are LF, CRLF and a lone CR — the XML end-of-line rule, so
/// lines agree with libxml2's.
struct SourceLines {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]
    private let length: Int

    init(_ bytes: [UInt8]) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A {
                index += 1
            }
            if byte == 0x0A || byte == 0x0D {
                starts.append(index)
            }
        }
        lineStarts = starts
        length = bytes.count
    }

    /// The (line, column) of `offset`, clamped into the page.
    func location(ofByte offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), length)
        // Last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}
