@testable import ImageHeaders

/// Wraps a byte source and counts the calls and bytes a parse costs.
final class CountingByteSource<Base: ByteSource>: ByteSource {
    let base: Base
    private(set) var calls = 0
    private(set) var bytesReturned = 0

    init(_ base: Base) {
        self.base = base
    }

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        let result = try base.bytes(at: offset, count: count)
        calls += 1
        bytesReturned += result.count
        return result
    }
}

/// A source whose reads fail, standing in for an I/O error.
struct FailingByteSource: ByteSource {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "device on fire" }
    }

    /// Bytes served to reads that start inside them; reads starting after them fail.
    var prefix: [UInt8]

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset < prefix.count else { throw Failure() }
        return prefix.bytes(at: offset, count: count)
    }
}
