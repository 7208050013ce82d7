import Glibc

extension ArraySlice<UInt8> {
    /// The pieces between each `separator` byte, as `split(separator:omittingEmptySubsequences:)`
    /// gives them, found with `memchr`: the bookkeeping files a rebuild of
    /// 100,000 photos reads are tens of megabytes of lines and tab-separated
    /// fields, where the generic byte-by-byte split showed in profiles.
    func pieces(separatedBy separator: UInt8, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        if isEmpty { return omittingEmpty ? [] : [self] }
        var pieces: [ArraySlice<UInt8>] = []
        withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while true {
                let rest = buffer.count - offset
                let found = rest > 0 ? memchr(base + offset, Int32(separator), rest) : nil
                let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
                if !(omittingEmpty && end == offset) {
                    pieces.append(self[(startIndex + offset)..<(startIndex + end)])
                }
                guard found != nil else { break }
                offset = end + 1
            }
        }
        return pieces
    }
}

extension Array<UInt8> {
    /// ``Swift/ArraySlice/pieces(separatedBy:omittingEmpty:)`` of the whole array.
    func pieces(separatedBy separator: UInt8, omittingEmpty: Bool) -> [ArraySlice<UInt8>] {
        self[...].pieces(separatedBy: separator, omittingEmpty: omittingEmpty)
    }
}

extension ArraySlice<UInt8> {
    /// The decimal integer the bytes spell (an optional `-`, then digits),
    /// as `Int64(String(decoding:as:))` reads it but without making the
    /// string: bookkeeping lines hold sizes and times by the 100,000.
    var decimalInt64: Int64? {
        var rest = self[...]
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int64(byte - UInt8(ascii: "0"))
            // Built downwards, so Int64.min reads as well as Int64.max.
            let (shifted, over) = value.multipliedReportingOverflow(by: 10)
            let (next, under) = shifted.subtractingReportingOverflow(digit)
            guard !over, !under else { return nil }
            value = next
        }
        if negative { return value }
        let (positive, over) = Int64(0).subtractingReportingOverflow(value)
        return over ? nil : positive
    }
}

