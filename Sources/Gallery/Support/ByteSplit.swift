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
