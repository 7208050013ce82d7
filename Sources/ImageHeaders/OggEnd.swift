/// Whether an Ogg file ends where its last stream does. Ogg states no length
/// and no duration: a file cut at any byte is still a run of pages, and
/// ffmpeg plays what is there without a word. What tells is the end: a
/// whole file ends with a whole page that carries the end-of-stream flag.
///
/// Only the last ``window`` bytes are read. In them, the first page whose
/// CRC holds is a real page (not `OggS` inside a packet), and the pages
/// after it are followed by their lengths to the end of the file.
enum OggEnd {
    /// The largest page: a 27-byte header, 255 lacing values, 255 × 255 bytes of body.
    static let maxPage = 27 + 255 + 255 * 255
    /// Enough to hold a whole page before the last one, wherever the cut falls.
    static let window = 2 * maxPage

    /// The reason the file is cut short, or nil when it ends with a whole
    /// end-of-stream page (or when no page in the tail can be trusted).
    static func check<Source: ByteSource>(length: Int, using reader: inout Reader<Source>) throws(HeaderError) -> VideoCutShort.Reason? {
        let base = max(0, length - window)
        let tail = try reader.readAvailable(at: base, upTo: length - base)
        guard tail.count == length - base else { return nil }
        // At the start of the file a page starts by definition; in a tail, the first one whose CRC holds.
        guard var index = base == 0 ? 0 : firstTrustedPage(in: tail) else { return nil }
        while index < tail.count {
            guard tail.matches(Array("OggS".utf8), at: index) else { return nil }
            guard let end = pageEnd(in: tail, at: index) else {
                // Cut inside the header or its lacing table, which run at least this far.
                let declared = index + 27 + Int(tail.byte(at: index + 26) ?? 0)
                return .runsPastEnd(part: "Ogg page header", start: base + index, declaredEnd: base + declared)
            }
            if end > tail.count { return .runsPastEnd(part: "Ogg page", start: base + index, declaredEnd: base + end) }
            if end == tail.count { return tail[index + 5] & 0x04 != 0 ? nil : .noEndOfStream(lastPage: base + index) }
            index = end
        }
        return nil
    }

    /// Where the page at `index` ends (its header, lacing table and body),
    /// or nil when the bytes end inside its header or lacing table.
    static func pageEnd(in bytes: [UInt8], at index: Int) -> Int? {
        guard let count = bytes.byte(at: index + 26).map(Int.init), index + 27 + count <= bytes.count else { return nil }
        return index + 27 + count + bytes[(index + 27)..<(index + 27 + count)].reduce(0) { $0 + Int($1) }
    }

    /// The first index of `bytes` where a whole page with a valid CRC starts.
    static func firstTrustedPage(in bytes: [UInt8]) -> Int? {
        var index = 0
        let capture = Array("OggS".utf8)
        while index + 27 <= bytes.count {
            if bytes[index] == capture[0], bytes.matches(capture, at: index), bytes[index + 4] == 0,
               let end = pageEnd(in: bytes, at: index), end <= bytes.count,
               OggCRC.checksum(bytes[index..<end]) == bytes.uint32(at: index + 22, .littleEndian) {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// The CRC-32 of Ogg pages: polynomial 0x04C11DB7, not reflected, starting
/// at 0, computed with the page's own CRC field taken as zero.
enum OggCRC {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index) << 24
        for _ in 0..<8 { value = value & 0x8000_0000 != 0 ? (value << 1) ^ 0x04C1_1DB7 : value << 1 }
        return value
    }

    /// The CRC of the page `page` (its bytes 22–25, the stored CRC, count as zero).
    static func checksum(_ page: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0
        for (offset, byte) in page.enumerated() {
            let value = (22..<26).contains(offset) ? 0 : byte
            crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(value))]
        }
        return crc
    }
}
