/// Orders file names the way people count: `img2.jpg` before `img10.jpg`.
///
/// Each name becomes a byte key whose plain byte order is natural order: the
/// name lower-cased (Unicode simple case mapping), and every run of ASCII
/// digits replaced by a 0x01 marker (so numbers sort before text at the same
/// place), the count of its significant digits, those digits, and the run's
/// length (so `1` sorts before `01`). Equal keys fall back to the raw UTF-8
/// bytes, so the order is total and never depends on how files were listed.
/// `cascade build` and `cascade scan` both sort with it, so they agree.
public enum NaturalOrder {
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        precedes((key(lhs), lhs), (key(rhs), rhs))
    }

    /// Sorts `names` naturally, making each name's key once rather than at
    /// every comparison (that dominates sorting thousands of names).
    public static func sorted(_ names: [String]) -> [String] {
        sorted(names) { $0 }
    }

    /// Sorts `items` by the natural order of their names.
    public static func sorted<Item>(_ items: [Item], byName name: (Item) -> String) -> [Item] {
        items.map { (key: key(name($0)), name: name($0), item: $0) }
            .sorted { precedes(($0.key, $0.name), ($1.key, $1.name)) }
            .map(\.item)
    }

    /// The byte key of `name` (see the type's documentation).
    public static func key(_ name: String) -> [UInt8] {
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

    private static func precedes(_ a: (key: [UInt8], name: String), _ b: (key: [UInt8], name: String)) -> Bool {
        a.key == b.key ? a.name.utf8.lexicographicallyPrecedes(b.name.utf8) : a.key.lexicographicallyPrecedes(b.key)
    }
}
