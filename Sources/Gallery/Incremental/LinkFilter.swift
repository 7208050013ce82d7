/// The files one page links to or loads, kept between builds as a Bloom
/// filter: small enough to store for 100,000 pages, and never wrong when it
/// says a page does *not* link to a file.
///
/// A rebuild trusts an unchanged page's last verdict only if no file it
/// linked to is gone. Without these, any file gone (one photo deleted) made
/// every page of the site be rendered and checked again. A false "may link"
/// costs only that page being checked again.
///
/// At least 24 bits per file and eight probes: a false positive rate under
/// 0.005 % for each file asked (by the Bloom formula, (1 − e^(−8/24))^8).
/// A removed photo takes a dozen files with it (its page and renditions),
/// each asked of every kept page, so at ten bits and four probes (about 1 %)
/// one photo removed from 100,000 had some 6,000 kept pages read and
/// checked again; at 24 bits and four probes (0.06 %) a few hundred, each
/// parsed again; now a few dozen. The bits are a power of two, at least 64,
/// and the probes come from the path's ``Key``, so the filter is the same on
/// every machine; a filter stored with fewer bits is still read right, since
/// its probes follow its own size. The number of probes is not stored: a
/// filter made with fewer would answer "surely not" wrongly, so changing it
/// changes ``MarkupVerdicts/header`` and the old verdicts are not read.
struct LinkFilter: Sendable, Equatable {
    private(set) var words: [UInt64]

    /// The fewest bits the filter gives each file it holds.
    static let bitsPerTarget = 24

    /// Bits set per file, and asked per query (about 24 ln 2 / 2: fewer than
    /// the optimum, so a query that meets a clear bit stops early).
    static let probes = 8

    /// A filter holding `targets` (site paths, as bytes).
    init(_ targets: [[UInt8]]) {
        var bits = 64
        while bits < targets.count * Self.bitsPerTarget { bits *= 2 }
        words = Array(repeating: 0, count: bits / 64)
        for target in targets {
            for bit in Self.probes(target, bits: bits) { words[bit / 64] |= 1 << UInt64(bit % 64) }
        }
    }

    /// The hash a target is probed by: taken once per file, asked of every page.
    static func key(_ target: [UInt8]) -> Key { Key(target) }

    /// Whether the page may link to the target of `key`; false means it surely does not.
    func mayContain(key: Key) -> Bool {
        let bits = words.count * 64
        guard bits > 0 else { return true }
        for probe in 0..<Self.probes {
            let bit = Self.bit(key, probe, bits: bits)
            if words[bit / 64] & (1 << UInt64(bit % 64)) == 0 { return false }
        }
        return true
    }

    private static func probes(_ target: [UInt8], bits: Int) -> [Int] {
        let hash = key(target)
        return (0..<Self.probes).map { bit(hash, $0, bits: bits) }
    }

    /// Probe `probe`'s bit: the key's two halves stepped by the probe and
    /// mixed again. Plain double hashing (`high + probe × low`) gives
    /// arithmetic runs of bits, and two keys whose runs coincide match on
    /// every probe at once: with eight probes that left about one query in
    /// a thousand a false "maybe" however large the filter.
    private static func bit(_ hash: Key, _ probe: Int, bits: Int) -> Int {
        var z = hash.low &+ UInt64(probe) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ hash.high ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(truncatingIfNeeded: z % UInt64(bits))
    }
}

extension LinkFilter {
    /// The stored form: the words as 16 hex digits each.
    var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 16)
        for word in words { ContentHash.appendHex(word, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads ``text``; nil unless it is whole words of hex digits, a power of two of them.
    init?(text: ArraySlice<UInt8>) {
        let count = text.count / 16
        guard count > 0, text.count % 16 == 0, count & (count - 1) == 0 else { return nil }
        var words: [UInt64] = []
        words.reserveCapacity(count)
        for start in stride(from: text.startIndex, to: text.endIndex, by: 16) {
            guard let word = ContentHash.word(hexBytes: text[start..<(start + 16)]) else { return nil }
            words.append(word)
        }
        self.words = words
    }
}
