/// Random access to the bytes of one image, so parsers read only the header
/// bytes they need and never the whole file.
///
/// Conformances: `[UInt8]` and `Data` for the pure core and tests, and
/// ``FileByteSource`` for files. Parsers do not call a source for every byte:
/// their `Reader` fetches windows of a few KiB and serves small reads from them.
public protocol ByteSource {
    /// Returns the `count` bytes starting at `offset`; fewer only when the input
    /// ends first (none when `offset` is at or past the end).
    ///
    /// Throws only when the bytes cannot be obtained (e.g. an I/O error).
    func bytes(at offset: Int, count: Int) throws -> [UInt8]
}
