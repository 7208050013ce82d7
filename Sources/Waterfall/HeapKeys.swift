/// `SortedKeys` for more than 8 columns: a binary min-heap of the keys, so
/// replacing the smallest costs O(log k) instead of a scan over k columns.
/// Keys are unique (the column is in the low bits), so the heap's minimum is
/// exactly the leftmost shortest column, as with the register lanes.
struct HeapKeys: SortedKeys {
    static var capacity: Int { ColumnCount.maximum }
    var heap: [Int64]

    init(sorted keys: [Int64]) { heap = keys }  // a sorted array is a valid heap

    var first: Int64 { heap[0] }
    func forEachKey(_ body: (Int64) -> Void) { heap.forEach(body) }

    mutating func replaceFirst(with key: Int64) {
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var slot = 0
            while true {
                let left = 2 * slot + 1
                guard left < count else { break }
                let right = left + 1
                let child = right < count && heap[right] < heap[left] ? right : left
                guard heap[child] < key else { break }
                heap[slot] = heap[child]
                slot = child
            }
            heap[slot] = key
        }
    }
}
