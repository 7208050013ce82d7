/// A URL's bytes as the URL parser reads them: leading C0 controls and
/// spaces skipped, trailing ones too when the text is the whole URL, ASCII
/// tab, LF and CR skipped everywhere.
struct URLBytes: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, trimsEnd: Bool = true) {
        self.bytes = bytes
        var start = range.lowerBound, end = range.upperBound
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while trimsEnd, end > start, bytes[end - 1] <= 0x20 { end -= 1 }
        index = start
        self.end = end
    }

    mutating func next() -> UInt8? {
        while index < end {
            let byte = bytes[index]
            index += 1
            if byte != 0x09, byte != 0x0A, byte != 0x0D { return byte }
        }
        return nil
    }

    /// `text` as a browser reads it, for an issue to quote.
    static func read(_ text: String) -> String {
        var text = text
        return text.withUTF8 { buffer in
            var reader = URLBytes(buffer, 0..<buffer.count)
            var result: [UInt8] = []
            while let byte = reader.next() { result.append(byte) }
            return String(decoding: result, as: UTF8.self)
        }
    }
}
