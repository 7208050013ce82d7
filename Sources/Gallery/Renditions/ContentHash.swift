/// A 128-bit fingerprint of a file's bytes, the key renditions are cached by.
///
/// Not cryptographic — an album is the user's own input, not an adversary's —
/// but wide and well mixed, so two different photos do not share renditions
/// by accident, and fast (8 bytes per step, two independent lanes) so hashing
/// a 20 MB original costs a few milliseconds. The result depends only on the
/// bytes, never on the machine's byte order.
struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lower-case hex digits.
    var description: String { Self.hex(high) + Self.hex(low) }

    /// Parses the 32-digit form.
    init?(_ text: some StringProtocol) {
        guard text.utf8.count == 32,
              let high = UInt64(text.prefix(16), radix: 16),
              let low = UInt64(text.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }

    /// Parses the 32-digit form straight from a bookkeeping line's bytes
    /// (100,000 of them per file on a large site).
    init?(hexBytes bytes: ArraySlice<UInt8>) {
        guard bytes.count == 32, let high = Self.word(hexBytes: bytes.prefix(16)),
              let low = Self.word(hexBytes: bytes.suffix(16)) else { return nil }
        self.init(high: high, low: low)
    }

    /// Appends `word` as 16 lower-case hex digits.
    static func appendHex(_ word: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: word >> UInt64(shift)) & 0xF
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }

    /// The word 16 hex digits spell; nil for anything else.
    static func word(hexBytes bytes: ArraySlice<UInt8>) -> UInt64? {
        guard bytes.count == 16 else { return nil }
        var word: UInt64 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            word = word << 4 | UInt64(digit)
        }
        return word
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension ContentHash {
    /// Hashes `bytes` in one go.
    static func of(_ bytes: some Collection<UInt8>) -> ContentHash {
        var hasher = Hasher128()
        hasher.combine(Array(bytes))
        return hasher.finalize()
    }
}

/// Streaming state for `ContentHash`: feed chunks of any size, in order.
struct Hasher128: Sendable {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var length: UInt64 = 0
    private var tail: [UInt8] = []

    init() {}

    private static let m1: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let m2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always)
    private mutating func absorb(_ word: UInt64) {
        a = (a ^ word) &* Self.m1
        a = (a << 31) | (a >> 33)
        b = (b &+ word) &* Self.m2
        b = (b << 27) | (b >> 37)
    }

    /// Adds `text` length-first, so no two lists of fields hash the same
    /// bytes (`"ab", "c"` and `"a", "bc"` differ).
    mutating func combine(field text: String) {
        var text = text
        withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { combine(raw: $0) }
        text.withUTF8 { combine(raw: UnsafeRawBufferPointer($0)) }
    }

    mutating func combine(_ chunk: [UInt8]) {
        chunk.withUnsafeBytes { combine(raw: $0) }
    }

    mutating func combine(raw chunk: UnsafeRawBufferPointer) {
        length &+= UInt64(chunk.count)
        var start = 0
        if !tail.isEmpty {
            let needed = min(8 - tail.count, chunk.count)
            tail.append(contentsOf: chunk[0..<needed])
            start = needed
            guard tail.count == 8 else { return }
            absorb(Self.littleEndianWord(tail, at: 0))
            tail.removeAll(keepingCapacity: true)
        }
        let words = (chunk.count - start) / 8
        for index in 0..<words {
            absorb(UInt64(littleEndian: chunk.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self)))
        }
        tail.append(contentsOf: chunk[(start + words * 8)...])
    }

    func finalize() -> ContentHash {
        var copy = self
        var last: UInt64 = 0
        for (shift, byte) in copy.tail.enumerated() {
            last |= UInt64(byte) << (8 * UInt64(shift))
        }
        copy.absorb(last ^ (UInt64(copy.tail.count) << 56))
        let high = Self.mix(copy.a ^ Self.mix(copy.b ^ copy.length))
        let low = Self.mix(copy.b &+ Self.mix(copy.a &+ copy.length &* Self.m1))
        return ContentHash(high: high, low: low)
    }

    private static func littleEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var word: UInt64 = 0
        for index in 0..<8 {
            word |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        return word
    }
}
