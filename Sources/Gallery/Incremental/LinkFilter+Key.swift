extension LinkFilter {
    /// What a target's path is probed by: a fast 128-bit multiply-rotate
    /// hash (two lanes, 8 bytes a step), deliberately not SHA-256.
    ///
    /// Unlike a ``ContentHash`` this key identifies nothing: the filter only
    /// ever answers "surely not" or "maybe", and no choice of hash, however
    /// weak, makes it answer "surely not" about a path it holds. A collision
    /// aimed at it only has a page checked again. And it is taken for every
    /// file every checked page links to (millions on a large site), where
    /// SHA-256's cost per call (a few hundred nanoseconds through OpenSSL's
    /// EVP API) would show. The result depends only on the bytes, never on
    /// the machine's byte order.
    struct Key: Sendable, Equatable {
        var high: UInt64
        var low: UInt64

        init(_ bytes: [UInt8]) {
            var a: UInt64 = 0x243F_6A88_85A3_08D3
            var b: UInt64 = 0x1319_8A2E_0370_7344
            func absorb(_ word: UInt64) {
                a = (a ^ word) &* Self.m1
                a = (a << 31) | (a >> 33)
                b = (b &+ word) &* Self.m2
                b = (b << 27) | (b >> 37)
            }
            let whole = bytes.count / 8
            bytes.withUnsafeBytes { raw in
                for index in 0..<whole {
                    absorb(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)))
                }
            }
            var last: UInt64 = 0
            for (shift, byte) in bytes[(whole * 8)...].enumerated() {
                last |= UInt64(byte) << (8 * UInt64(shift))
            }
            absorb(last ^ (UInt64(bytes.count - whole * 8) << 56))
            let length = UInt64(bytes.count)
            high = Self.mix(a ^ Self.mix(b ^ length))
            low = Self.mix(b &+ Self.mix(a &+ length &* Self.m1))
        }

        private static let m1: UInt64 = 0x9E37_79B9_7F4A_7C15
        private static let m2: UInt64 = 0xC2B2_AE3D_27D4_EB4F

        private static func mix(_ x: UInt64) -> UInt64 {
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
