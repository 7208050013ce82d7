import Glibc
/// Orders file names the way people count: `img2.jpg` before `img10.jpg`.
///
/// Each name becomes a byte key whose plain byte order is natural order: the
/// name lower-cased (Unicode simple case mapping), and every run of ASCII
/// digits replaced by a 0x01 marker (so numbers sort before text at the same
/// place), the count of its significant digits, those digits, and the run's
/// length (so `1` sorts before `01`). Equal keys fall back to the raw UTF-8
/// bytes, so the order is total and never depends on how files were listed.
/// `cascade build` and `cascade scan` both sort with it, so they agree.
enum NaturalOrder {
    static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        precedes(key(lhs), lhs, key(rhs), rhs)
    }

    /// Sorts `names` naturally, making each name's key once rather than at
    /// every comparison (that dominates sorting thousands of names).
    static func sorted(_ names: [String]) -> [String] {
        sortedIndices(names).map { names[$0] }
    }

    /// The positions of `names` in natural order. Not generic on purpose: a
    /// generic sort called from another module runs unspecialised, several
    /// times slower on the 20,000 names of a large scan. The keys and the
    /// names sit in one buffer each and are compared through pointers, so a
    /// comparison retains and releases nothing (sorting was a tenth of
    /// `cascade scan`'s own work).
    static func sortedIndices(_ names: [String]) -> [Int] {
        var keys: [UInt8] = []
        var bytes: [UInt8] = []
        var spans: [(key: Range<Int>, name: Range<Int>)] = []
        keys.reserveCapacity(names.count * 24)
        bytes.reserveCapacity(names.count * 20)
        spans.reserveCapacity(names.count)
        for name in names {
            let keyStart = keys.count, nameStart = bytes.count
            appendKey(name, to: &keys)
            var name = name
            name.withUTF8 { bytes.append(contentsOf: $0) }
            spans.append((keyStart..<keys.count, nameStart..<bytes.count))
        }
        return keys.withUnsafeBufferPointer { keys in
            bytes.withUnsafeBufferPointer { bytes in
                spans.withUnsafeBufferPointer { spans in
                    // Most comparisons are settled by the keys' first 16 bytes as two
                    // integers; equal prefixes fall back to the whole keys and names.
                    var order = spans.indices.map { index in
                        Prefixed(head: prefix(keys, spans[index].key, from: 0), tail: prefix(keys, spans[index].key, from: 8),
                                 index: index)
                    }
                    order.sort { a, b in
                        if a.head != b.head { return a.head < b.head }
                        if a.tail != b.tail { return a.tail < b.tail }
                        let keyOrder = compare(keys, spans[a.index].key, spans[b.index].key)
                        return keyOrder == 0 ? compare(bytes, spans[a.index].name, spans[b.index].name) < 0 : keyOrder < 0
                    }
                    return order.map(\.index)
                }
            }
        }
    }

    /// A name's position and the first 16 bytes of its key.
    private struct Prefixed {
        let head: UInt64
        let tail: UInt64
        let index: Int
    }

    /// Bytes `start..<start + 8` of the key at `range` in `buffer` as a
    /// big-endian integer, zero past the key's end. A key holds no zero byte
    /// (no name does, and its counts are at least 1), so the integers order
    /// keys as the bytes do, a shorter key first, wherever they differ.
    @inline(__always)
    private static func prefix(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from start: Int) -> UInt64 {
        var value: UInt64 = 0
        for offset in start..<(start + 8) {
            let index = range.lowerBound + offset
            value = value << 8 | UInt64(index < range.upperBound ? buffer[index] : 0)
        }
        return value
    }

    /// The byte key of `name` (see the type's documentation).
    static func key(_ name: String) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(name.utf8.count + 8)
        appendKey(name, to: &key)
        return key
    }

    /// Appends the byte key of `name` to `key`.
    private static func appendKey(_ name: String, to key: inout [UInt8]) {
        // ASCII names, by far the common case, skip Unicode case mapping.
        var text = name.utf8.allSatisfy { $0 < 0x80 } ? name : name.lowercased()
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else {
                    key.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                var significant = start
                while significant < index - 1, bytes[significant] == 0x30 { significant += 1 }
                key.append(0x01)
                key.append(UInt8(min(index - significant, 255)))
                key.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[significant..<index]))
                key.append(UInt8(min(index - start, 255)))
            }
        }
    }

    @inline(__always)
    private static func precedes(_ aKey: [UInt8], _ aName: String, _ bKey: [UInt8], _ bName: String) -> Bool {
        let order = compare(aKey, bKey)
        return order == 0 ? aName.utf8.lexicographicallyPrecedes(bName.utf8) : order < 0
    }

    /// ``compare(_:_:)`` of the bytes `a` and `b` of `buffer`.
    @inline(__always)
    private static func compare(_ buffer: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Int {
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : Int(memcmp(buffer.baseAddress! + a.lowerBound, buffer.baseAddress! + b.lowerBound, common))
        return order != 0 ? order : a.count - b.count
    }

    /// Byte-wise three-way comparison, shorter first on a tie: what
    /// `lexicographicallyPrecedes` answers, with `memcmp` instead of a
    /// generic loop (a scan of 20,000 names makes hundreds of thousands).
    @inline(__always)
    private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in common == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, common)) }
        }
        return order != 0 ? order : a.count - b.count
    }
}
