import Foundation

/// An in-memory image held as `Data` (including slices, whose indices need not start at 0).
extension Data: ByteSource {
    /// Returns up to `count` bytes at `offset` from the start of this `Data`.
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < self.count else { return [] }
        let available = self.count - offset
        let start = startIndex + offset
        return [UInt8](self[start..<(start + Swift.min(count, available))])
    }
}
