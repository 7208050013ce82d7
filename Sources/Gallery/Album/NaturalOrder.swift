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
    /// times slower on the 20,000 names of a large scan.
    static func sortedIndices(_ names: [String]) -> [Int] {
        let keys = names.map(key)
        return names.indices.sorted { precedes(keys[$0], names[$0], keys[$1], names[$1]) }
    }

    /// The byte key of `name` (see the type's documentation).
    static func key(_ name: String) -> [UInt8] {
        // ASCII names, by far the common case, skip Unicode case mapping.
        let bytes = name.utf8.allSatisfy { $0 < 0x80 } ? Array(name.utf8) : Array(name.lowercased().utf8)
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count + 8)
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
            key.append(contentsOf: bytes[significant..<index])
            key.append(UInt8(min(index - start, 255)))
        }
        return key
    }

    @inline(__always)
    private static func precedes(_ aKey: [UInt8], _ aName: String, _ bKey: [UInt8], _ bName: String) -> Bool {
        let order = compare(aKey, bKey)
        return order == 0 ? aName.utf8.lexicographicallyPrecedes(bName.utf8) : order < 0
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
