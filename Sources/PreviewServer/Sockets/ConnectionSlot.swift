import Synchronization

/// Whether one connection waits for a request head (and since when), is
/// busy answering one, or was closed to make room: written by its thread
/// and by the registry with compare-and-swap, so exactly one of "begin
/// answering" and "close it" wins.
final class ConnectionSlot: Sendable {
    /// Busy answering; any other value but ``closed`` is the bit pattern
    /// of the time it began waiting.
    private static let busy: UInt64 = 0
    private static let closed: UInt64 = .max
    private let state: Atomic<UInt64>

    init(idleSince: Double) {
        state = Atomic(Self.encode(idleSince))
    }

    /// When it began waiting for a head; nil while busy or once closed.
    var idleSince: Double? {
        let value = state.load(ordering: .acquiring)
        return value == Self.busy || value == Self.closed ? nil : Double(bitPattern: value)
    }

    /// Its thread waits for a head from `now` on (nothing if it was closed).
    func waiting(now: Double) {
        _ = state.compareExchange(expected: Self.busy, desired: Self.encode(now), ordering: .acquiringAndReleasing)
    }

    /// Its thread has a whole head: busy from now on; false when it was
    /// closed to make room first (nothing more can be sent).
    func answering() -> Bool {
        var value = state.load(ordering: .acquiring)
        while value != Self.closed {
            let (exchanged, original) = state.compareExchange(expected: value, desired: Self.busy, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            value = original
        }
        return false
    }

    /// Marks it closed if it is idle; false when it is busy (or closed already).
    func close() -> Bool {
        var value = state.load(ordering: .acquiring)
        while value != Self.busy && value != Self.closed {
            let (exchanged, original) = state.compareExchange(expected: value, desired: Self.closed, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            value = original
        }
        return false
    }

    /// A positive time's bits, never 0 (busy) or all ones (closed).
    private static func encode(_ time: Double) -> UInt64 {
        let bits = max(time, Double.leastNonzeroMagnitude).bitPattern
        return bits == closed ? closed - 1 : bits
    }
}
