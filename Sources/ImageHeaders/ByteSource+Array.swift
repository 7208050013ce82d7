/// An in-memory image: the pure core's and the tests' byte source.
extension Array: ByteSource where Element == UInt8 {
    /// Returns up to `count` bytes at `offset`; none for a negative or past-the-end offset.
    public func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < self.count else { return [] }
        let available = self.count - offset
        return Array(self[offset..<(offset + Swift.min(count, available))])
    }
}
