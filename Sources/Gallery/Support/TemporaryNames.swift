import Synchronization

/// A process-wide counter for temporary file names.
enum TemporaryNames {
    private static let counter = Atomic<Int>(0)

    static func next() -> Int {
        counter.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
