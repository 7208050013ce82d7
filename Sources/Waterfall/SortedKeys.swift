/// The column keys of the `shortest` fast path, kept *sorted* in registers.
///
/// A key is `position << 10 | column`, so key order is exactly the placement
/// rule: lowest position first, ties to the leftmost column. With the keys
/// sorted, the shortest column is simply `k0`; placing a tile removes `k0` and
/// inserts `k0 + delta`, which for sorted `k1…` is a fixed network of
/// independent `min`/`max` (cmov) operations — no loop, no branch, no memory.
/// The loop-carried chain per item is one add and one `min` (`k0' = min(k1, n)`),
/// against a load, a k-way reduction and a store when the keys live in an
/// array; that chain is what bounds the million-item loop.
///
/// Unused lanes hold `Int64.max`, which stays last: real keys are below 2^62.
/// Above 8 columns `HeapKeys` keeps them as a binary min-heap instead.
protocol SortedKeys {
    /// How many columns this lane set holds.
    static var capacity: Int { get }
    /// `keys` must be sorted ascending; `keys.count ≤ capacity`.
    init(sorted keys: [Int64])
    /// The smallest key: the column the next tile goes into.
    var first: Int64 { get }
    /// Removes `first` and inserts `key` (which must be ≥ `first`), keeping the order.
    mutating func replaceFirst(with key: Int64)
    /// Calls `body` with every key (padding included), in no particular order.
    func forEachKey(_ body: (Int64) -> Void)
}

extension SortedKeys {
    /// Lane `i` of sorted `keys`, or the padding key.
    static func lane(_ keys: [Int64], _ i: Int) -> Int64 { i < keys.count ? keys[i] : .max }
}

// Insertion of `n` into sorted `k1…k(m-1)` (after dropping `k0`):
// lane i becomes the i-th smallest of {k1, …, k(m-1), n} = min(k(i+1), max(k(i), n)).

struct SortedKeys2: SortedKeys {
    static var capacity: Int { 2 }
    var k0, k1: Int64
    init(sorted keys: [Int64]) { (k0, k1) = (Self.lane(keys, 0), Self.lane(keys, 1)) }
    var first: Int64 { k0 }
    func forEachKey(_ body: (Int64) -> Void) { for key in [k0, k1] { body(key) } }
    @inline(__always) mutating func replaceFirst(with n: Int64) {
        (k0, k1) = (min(k1, n), max(k1, n))
    }
}

struct SortedKeys4: SortedKeys {
    static var capacity: Int { 4 }
    var k0, k1, k2, k3: Int64
    init(sorted keys: [Int64]) {
        (k0, k1, k2, k3) = (Self.lane(keys, 0), Self.lane(keys, 1), Self.lane(keys, 2), Self.lane(keys, 3))
    }
    var first: Int64 { k0 }
    func forEachKey(_ body: (Int64) -> Void) { for key in [k0, k1, k2, k3] { body(key) } }
    @inline(__always) mutating func replaceFirst(with n: Int64) {
        (k0, k1, k2, k3) = (min(k1, n), min(k2, max(k1, n)), min(k3, max(k2, n)), max(k3, n))
    }
}

struct SortedKeys6: SortedKeys {
    static var capacity: Int { 6 }
    var k0, k1, k2, k3, k4, k5: Int64
    init(sorted keys: [Int64]) {
        (k0, k1, k2) = (Self.lane(keys, 0), Self.lane(keys, 1), Self.lane(keys, 2))
        (k3, k4, k5) = (Self.lane(keys, 3), Self.lane(keys, 4), Self.lane(keys, 5))
    }
    var first: Int64 { k0 }
    func forEachKey(_ body: (Int64) -> Void) { for key in [k0, k1, k2, k3, k4, k5] { body(key) } }
    @inline(__always) mutating func replaceFirst(with n: Int64) {
        (k0, k1, k2) = (min(k1, n), min(k2, max(k1, n)), min(k3, max(k2, n)))
        (k3, k4, k5) = (min(k4, max(k3, n)), min(k5, max(k4, n)), max(k5, n))
    }
}

struct SortedKeys8: SortedKeys {
    static var capacity: Int { 8 }
    var k0, k1, k2, k3, k4, k5, k6, k7: Int64
    init(sorted keys: [Int64]) {
        (k0, k1, k2, k3) = (Self.lane(keys, 0), Self.lane(keys, 1), Self.lane(keys, 2), Self.lane(keys, 3))
        (k4, k5, k6, k7) = (Self.lane(keys, 4), Self.lane(keys, 5), Self.lane(keys, 6), Self.lane(keys, 7))
    }
    var first: Int64 { k0 }
    func forEachKey(_ body: (Int64) -> Void) { for key in [k0, k1, k2, k3, k4, k5, k6, k7] { body(key) } }
    @inline(__always) mutating func replaceFirst(with n: Int64) {
        (k0, k1, k2, k3) = (min(k1, n), min(k2, max(k1, n)), min(k3, max(k2, n)), min(k4, max(k3, n)))
        (k4, k5, k6, k7) = (min(k5, max(k4, n)), min(k6, max(k5, n)), min(k7, max(k6, n)), max(k7, n))
    }
}
