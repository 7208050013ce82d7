import Synchronization

extension FilterBank {
    /// The bank for these sizes, made once per process and then shared: an album's photos come in
    /// a few camera sizes, and every photo of a size needs the same banks for the same ladder, so
    /// the Lanczos weights (two `sin` calls each) are computed once instead of per photo (about 1 % of
    /// a cold build). Thread-safe; the same bank as ``init(inputCount:inputExtent:outputCount:)``.
    static func cached(inputCount: Int, inputExtent: Double, outputCount: Int, offset: Double = 0) -> FilterBank {
        let key = Key(inputCount: inputCount, extentBits: inputExtent.bitPattern, outputCount: outputCount,
                      offsetBits: offset.bitPattern)
        if let bank = cache.withLock({ $0[key] }) { return bank }
        let bank = FilterBank(inputCount: inputCount, inputExtent: inputExtent, outputCount: outputCount, offset: offset)
        cache.withLock { banks in
            // Bounded: a folder of odd sizes must not grow it without end.
            if banks.count >= Self.cacheLimit { banks.removeAll(keepingCapacity: true) }
            banks[key] = bank
        }
        return bank
    }

    /// Banks kept at most (a few hundred kilobytes each at camera sizes).
    static let cacheLimit = 64

    private struct Key: Hashable {
        let inputCount: Int
        let extentBits: UInt64
        let outputCount: Int
        let offsetBits: UInt64
    }

    private static let cache = Mutex<[Key: FilterBank]>([:])
}
