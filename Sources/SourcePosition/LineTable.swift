/// Maps byte offsets in a UTF-8 text to 1-based line and UTF-8 column, and back.
///
/// Built once per text (one pass over the bytes), then each lookup is a
/// binary search over the line starts, so reporting many positions in a
/// large page stays cheap. Cascade's one such table: template errors, page
/// issues and the origin of a page issue all agree on what a line is.
/// Pure: no I/O, and `Sendable`, so a table can be shared across threads.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts, ascending; `lineStarts[0] == 0`.
    private let lineStarts: [Int]
    /// The number of bytes in the text.
    public let byteCount: Int

    /// The table of `bytes`, lines ended as `breaks` says.
    public init(_ bytes: [UInt8], breaks: LineBreaks = .lineFeed) {
        var starts = [0]
        switch breaks {
        case .lineFeed:
            for (offset, byte) in bytes.enumerated() where byte == 0x0A {
                starts.append(offset + 1)
            }
        case .xml:
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
        }
        lineStarts = starts
        byteCount = bytes.count
    }

    /// The table of `text`'s UTF-8 bytes.
    public init(_ text: String, breaks: LineBreaks = .lineFeed) {
        self.init(Array(text.utf8), breaks: breaks)
    }

    /// The number of lines; an empty text, or one ending in a line break,
    /// has an empty last line, so this is at least 1.
    public var lineCount: Int { lineStarts.count }

    /// The line and column of the byte at `offset`.
    ///
    /// `offset` is clamped into `0...byteCount`, so a position just past the
    /// last byte (where an unclosed tag or an unexpected end is reported)
    /// is the last line's column after its last byte, and no offset traps.
    public func location(ofByte offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), byteCount)
        // The last line starting at or before `offset`.
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
        return SourceLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The byte offset of `location`, or `nil` when the text has no such
    /// position: the inverse of ``location(ofByte:)``.
    ///
    /// A line's columns run from 1 to its length including its line break;
    /// the last line's also include the column just past the end of the text.
    public func byteOffset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count, location.column >= 1 else { return nil }
        let start = lineStarts[location.line - 1]
        let end = location.line < lineStarts.count ? lineStarts[location.line] - 1 : byteCount
        // Compared as a distance, so a huge column cannot overflow.
        return location.column - 1 <= end - start ? start + location.column - 1 : nil
    }
}
