/// An iPhone's Exif MakerNote: `Apple iOS\0`, a version, a byte order mark,
/// then an IFD whose value offsets count from the MakerNote's first byte.
/// Only tag 17 is read, the content identifier a Live Photo's still shares
/// with its movie (`com.apple.quicktime.content.identifier`).
///
/// A header read notes only where the MakerNote lies
/// (``ImageMetadata/appleMakerNote``); its bytes are read and decoded when
/// Live Photo pairing finds a movie of the photo's name.
enum AppleMakerNote {
    static let signature = Array("Apple iOS".utf8) + [0]
    static let contentIdentifierTag: UInt16 = 0x0011
    /// Largest MakerNote read; an iPhone's is a few KiB.
    static let maxLength = 1 << 16

    /// Where the MakerNote `entry` holds its bytes: out of line (one short
    /// enough to sit in the entry has no room for tag 17), BYTE, LONG or
    /// UNDEFINED, at most ``maxLength`` bytes, inside the Exif block.
    static func location(of entry: TIFFStructure.Entry, in tiff: TIFFStructure) -> Range<Int>? {
        guard entry.type == 1 || entry.type == 4 || entry.type == 7,
              let size = TIFFStructure.elementSize(of: entry.type) else { return nil }
        let (total, overflow) = entry.count.multipliedReportingOverflow(by: UInt64(size))
        guard !overflow, total > UInt64(entry.field.count), total <= UInt64(maxLength) else { return nil }
        let offset = entry.field.unsigned(at: 0, width: entry.field.count, tiff.order) ?? 0
        guard let start = tiff.position(of: offset, length: Int(total)) else { return nil }
        return start..<(start + Int(total))
    }

    /// Tag 17's text, cleaned; nil when `bytes` are no Apple MakerNote or lack it.
    static func contentIdentifier(in bytes: [UInt8]) -> String? {
        guard bytes.matches(signature, at: 0), bytes.count >= 16 else { return nil }
        let order: ByteOrder
        switch (bytes[12], bytes[13]) {
        case (0x4D, 0x4D): order = .bigEndian
        case (0x49, 0x49): order = .littleEndian
        default: return nil
        }
        guard let count = bytes.uint16(at: 14, order) else { return nil }
        for index in 0..<Int(count) {
            let entry = 16 + index * 12
            guard let tag = bytes.uint16(at: entry, order), let type = bytes.uint16(at: entry + 2, order),
                  let length = bytes.uint32(at: entry + 4, order) else { return nil }
            guard tag == contentIdentifierTag else { continue }
            guard type == 2, length > 0, length <= 256 else { return nil }
            let start: Int
            if length <= 4 {
                start = entry + 8
            } else {
                guard let offset = bytes.uint32(at: entry + 8, order) else { return nil }
                start = Int(offset)
            }
            guard start + Int(length) <= bytes.count else { return nil }
            return ExifText.clean(Array(bytes[start..<(start + Int(length))]))
        }
        return nil
    }
}
