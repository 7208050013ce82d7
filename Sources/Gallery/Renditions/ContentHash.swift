/// The SHA-256 digest of a file's bytes: the key renditions, shard records
/// and the carried albums' files are kept by, and the digest of a page's text
/// and of its model.
///
/// A cryptographic hash, not a fast hand-made one, because the key is an
/// identity: two files with one key share renditions, so one would be
/// published for the other. Albums hold photos from other people and shard
/// folders come back from other machines, so anyone who can pick bytes may
/// be trying for such a pair; SHA-256 makes finding one infeasible. The whole
/// 256 bits are the key, in memory, in the bookkeeping files and in rendition
/// file names (``RenditionIndex/path(hash:space:width:quality:fileExtension:)``):
/// a shorter prefix anywhere would be the real key, and a prefix short enough
/// to matter in a URL is short enough to collide on purpose.
struct ContentHash: Sendable, Hashable, CustomStringConvertible {
    /// The digest's 32 bytes as four big-endian words, first bytes first, so
    /// ``description`` is the usual hex form and `words[0]` is the first 16
    /// hex digits (what ``Shard`` splits on).
    var words: SIMD4<UInt64>

    /// Hex digits in the text form.
    static let hexCount = 64

    init(words: SIMD4<UInt64>) {
        self.words = words
    }

    /// The hash whose digest is `digest` (32 bytes).
    init(digest: UnsafeRawBufferPointer) {
        precondition(digest.count == 32, "a SHA-256 digest is 32 bytes")
        words = SIMD4((0..<4).map { UInt64(bigEndian: digest.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self)) })
    }

    /// 64 lower-case hex digits, as `sha256sum` prints them.
    var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.hexCount)
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the 64 hex digits of ``description``.
    func appendHex(to bytes: inout [UInt8]) {
        for lane in 0..<4 { Self.appendHex(words[lane], to: &bytes) }
    }

    /// Parses the 64-digit form. A 32-digit hash of an older build is no
    /// hash, so bookkeeping that holds one is never misread.
    init?(_ text: some StringProtocol) {
        self.init(hexBytes: ArraySlice(text.utf8))
    }

    /// Parses the 64-digit form straight from a bookkeeping line's bytes
    /// (100,000 of them per file on a large site).
    init?(hexBytes bytes: ArraySlice<UInt8>) {
        guard bytes.count == Self.hexCount else { return nil }
        let parsed = bytes.withUnsafeBufferPointer { digits -> SIMD4<UInt64>? in
            var words = SIMD4<UInt64>()
            for lane in 0..<4 {
                guard let word = Self.word(UnsafeBufferPointer(rebasing: digits[(lane * 16)..<(lane * 16 + 16)])) else {
                    return nil
                }
                words[lane] = word
            }
            return words
        }
        guard let parsed else { return nil }
        self.init(words: parsed)
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
        return bytes.withUnsafeBufferPointer(word)
    }

    /// The word 16 hex digits spell (any case); nil for anything else. Read
    /// through a table: three bookkeeping files of a 100,000-photo site hold
    /// 300,000 hashes, parsed on every build.
    private static func word(_ digits: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var word: UInt64 = 0
        var invalid: UInt8 = 0
        for byte in digits {
            let digit = hexDigitValues[Int(byte)]
            invalid |= digit
            word = word << 4 | UInt64(digit & 0xF)
        }
        // Any byte that is not a hex digit maps to 0xFF, setting the high bit.
        return invalid & 0x80 == 0 ? word : nil
    }

    /// Each byte's value as a hex digit, 0xFF for a byte that is none.
    private static let hexDigitValues: [UInt8] = (0...255).map { byte -> UInt8 in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }
}

extension ContentHash {
    /// Hashes `bytes` in one go.
    static func of(_ bytes: some Collection<UInt8>) -> ContentHash {
        var hasher = ContentHasher()
        if bytes.withContiguousStorageIfAvailable({ hasher.combine(raw: UnsafeRawBufferPointer($0)) }) == nil {
            hasher.combine(Array(bytes))
        }
        return hasher.finalize()
    }
}
