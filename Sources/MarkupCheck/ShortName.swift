/// Up to 16 ASCII bytes packed in two words, lowercased as they are added:
/// a URL's scheme or a `data:` URL's media type, read without allocating
/// (the check reads every URL of a page of a million elements).
struct ShortName: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// Bytes added; past 16 the name equals no name of 16 or fewer.
    private(set) var count = 0

    init() {}

    /// `text`, lowercased.
    init(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            for byte in bytes { append(byte) }
        }
    }

    mutating func append(_ byte: UInt8) {
        let lower = UInt64((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
        if count < 8 {
            low |= lower << (8 * UInt64(count))
        } else if count < 16 {
            high |= lower << (8 * UInt64(count - 8))
        }
        count += 1
    }
}
