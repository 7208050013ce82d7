import Glibc
import Synchronization

/// The connections the server holds, each with its own thread, and the
/// rules that keep a few clients from holding them all (security notes
/// SV-7):
///
/// - At the cap (``RequestLimits/maxConnections`` in all, or
///   ``RequestLimits/maxConnectionsPerAddress`` from one address) a new
///   connection is taken in and the *oldest idle* one (waiting for a request
///   head) is closed to make room, from the same address when that is the
///   limit reached. One whose request has already arrived unread is closed
///   last. A newcomer is refused (503) only when every connection held is
///   busy answering.
/// - Near the cap (three quarters of either), an idle connection gets
///   ``RequestLimits/busyHeadTimeout`` for its head instead of the usual
///   deadlines: the accept loop closes it once that has passed.
///
/// A descriptor is shut down here only while its entry is present, and its
/// thread removes the entry before closing it, so a number reused by a later
/// connection is never touched. Each thread marks its connection idle or
/// busy in its own ``ConnectionSlot``, without this registry's lock (one
/// lock shared by every request halved the throughput).
final class ConnectionRegistry: Sendable {
    /// One connection held.
    struct Entry: Sendable {
        let fd: Int32
        let address: PeerAddress
        /// Whether it waits for a request head, written by its own thread
        /// without taking the registry's lock.
        let slot: ConnectionSlot

        /// Waiting for a request head since then (seconds, monotonic); nil
        /// while a request is being answered.
        var idleSince: Double? { slot.idleSince }
    }

    /// What became of a new connection.
    enum Admission {
        /// Taken in under this id, its thread to report through `slot`
        /// (some idle ones may have been closed for it).
        case admitted(id: UInt64, slot: ConnectionSlot)
        /// Every connection held is busy: refuse this one.
        case full
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var perAddress: [PeerAddress: Int] = [:]
        var nextID: UInt64 = 0
        var closedForRoom = 0

        mutating func remove(_ id: UInt64) -> Entry? {
            guard let entry = entries.removeValue(forKey: id) else { return nil }
            let left = (perAddress[entry.address] ?? 1) - 1
            perAddress[entry.address] = left > 0 ? left : nil
            return entry
        }
    }

    private let state = Mutex(State())
    let limits: RequestLimits

    init(limits: RequestLimits) {
        self.limits = limits
    }

    /// Connections held now.
    var count: Int { state.withLock { $0.entries.count } }

    /// Idle connections closed so far to make room for new ones.
    var closedForRoom: Int { state.withLock { $0.closedForRoom } }

    /// Takes in `fd` from `address`, first closing the oldest idle
    /// connections when a limit is reached.
    func admit(_ fd: Int32, from address: PeerAddress, now: Double) -> Admission {
        state.withLock { state in
            // Each turn closes one connection or sees one begin answering:
            // bounded, even by threads that flip between idle and busy.
            for _ in 0...(state.entries.count * 2 + 8) {
                let addressFull = (state.perAddress[address] ?? 0) >= limits.maxConnectionsPerAddress
                guard addressFull || state.entries.count >= limits.maxConnections else { break }
                let candidates = Self.evictionOrder(state.entries, from: addressFull ? address : nil)
                // A request that arrived but is not read yet is closed last.
                guard let victim = candidates.first(where: { !Self.hasUnreadBytes(state.entries[$0]!.fd) }) ?? candidates.first,
                      let entry = state.entries[victim] else { return .full }
                // Its thread may have begun answering since: then it stays.
                if entry.slot.close() {
                    _ = state.remove(victim)
                    shutdown(entry.fd, Int32(SHUT_RDWR))
                    state.closedForRoom += 1
                }
            }
            guard (state.perAddress[address] ?? 0) < limits.maxConnectionsPerAddress,
                  state.entries.count < limits.maxConnections else { return .full }
            let id = state.nextID
            state.nextID += 1
            let slot = ConnectionSlot(idleSince: now)
            state.entries[id] = Entry(fd: fd, address: address, slot: slot)
            state.perAddress[address, default: 0] += 1
            return .admitted(id: id, slot: slot)
        }
    }

    /// Idle connections, `from` one address or any, oldest first. Pure.
    static func evictionOrder(_ entries: [UInt64: Entry], from address: PeerAddress?) -> [UInt64] {
        entries.compactMap { id, entry -> (UInt64, Double)? in
            guard let since = entry.idleSince, address == nil || entry.address == address else { return nil }
            return (id, since)
        }
        .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        .map(\.0)
    }

    /// Forgets connection `id`; its thread closes the descriptor after this.
    func remove(_ id: UInt64) {
        state.withLock { _ = $0.remove(id) }
    }

    /// Near the cap: closes the idle connections that have waited longer
    /// than ``RequestLimits/busyHeadTimeout`` for their head.
    func closeSlowHeads(now: Double) {
        state.withLock { state in
            let crowded = state.entries.count * 4 >= limits.maxConnections * 3
            let expired = state.entries.filter { _, entry in
                guard let since = entry.idleSince, now - since >= limits.busyHeadTimeout else { return false }
                return crowded || (state.perAddress[entry.address] ?? 0) * 4 >= limits.maxConnectionsPerAddress * 3
            }
            for (id, entry) in expired where entry.slot.close() {
                _ = state.remove(id)
                shutdown(entry.fd, Int32(SHUT_RDWR))
            }
        }
    }

    /// Shuts every connection down (the server is stopping); their threads
    /// see the end and close them.
    func shutdownAll() {
        state.withLock { state in
            for entry in state.entries.values { shutdown(entry.fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Whether bytes wait unread on `fd` (or the peer has closed it: then
    /// false, it is a fine one to close).
    private static func hasUnreadBytes(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }
}
