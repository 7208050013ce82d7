import Glibc

/// Whom a connection comes from, as the per-address limit counts it: an
/// IPv4 address, or an IPv6 address's /64 prefix (one host is handed a whole
/// /64 and may use any address in it). An IPv4-mapped IPv6 address counts
/// as the IPv4 one.
struct PeerAddress: Hashable, Sendable {
    private let high: UInt64
    private let low: UInt64

    /// Every client whose address cannot be read counts as this one.
    static let unknown = PeerAddress(high: .max, low: .max)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The address `accept` filled in.
    init(_ storage: sockaddr_storage) {
        var copy = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in.self) }
            self.init(high: 0, low: UInt64(UInt32(bigEndian: address.sin_addr.s_addr)))
        case AF_INET6:
            let address = withUnsafeBytes(of: &copy) { $0.load(as: sockaddr_in6.self) }
            let bytes = withUnsafeBytes(of: address.sin6_addr) { Array($0) }
            self.init(ipv6: bytes)
        default:
            self = .unknown
        }
    }

    /// From the 16 bytes of an IPv6 address.
    init(ipv6 bytes: [UInt8]) {
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
        if mapped {
            self.init(high: 0, low: bytes[12..<16].reduce(0) { $0 << 8 | UInt64($1) })
        } else {
            self.init(high: 1, low: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
        }
    }
}
