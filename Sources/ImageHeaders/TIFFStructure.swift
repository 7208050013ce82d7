/// A TIFF-structured block: a TIFF or BigTIFF file, or the Exif data inside a
/// JPEG APP1 segment, PNG `eXIf`, WebP `EXIF` chunk, HEIF `Exif` item or JPEG
/// XL `Exif` box. Offsets inside count from ``start``.
///
/// Every IFD is read through ``loadIFD(at:using:)``, which checks offsets
/// without overflow, caps entry counts, never reloads an offset it has seen
/// (so `A → B → A` chains end) and stops after ``HeaderLimits/maxIFDs`` loads.
struct TIFFStructure {
    /// Absolute offset of the `II`/`MM` header.
    let start: Int
    /// Absolute end of the block, or `nil` when it runs to the end of the input.
    let end: Int?
    let order: ByteOrder
    /// BigTIFF: 8-byte offsets and counts, 20-byte entries.
    let isBig: Bool
    /// Offset of IFD0 from ``start``.
    let firstIFD: UInt64

    /// Offsets of the IFDs loaded so far (loop detection). At most
    /// ``HeaderLimits/maxIFDs`` (16 by default) are ever held, so a linear
    /// search beats hashing, and the usual three (IFD0, Exif, GPS) need no
    /// heap storage.
    private var visited = VisitedOffsets()

    /// One IFD entry; ``field`` holds the 4 (8 for BigTIFF) bytes of the value field.
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: UInt64
        let field: TIFFField
    }

    /// Reads the header at `start`; `nil` when the bytes are not a TIFF header
    /// (byte order mark, magic 42/43, BigTIFF offset size 8).
    /// `rawMagic`: also accept the camera variants of the classic header, whose magic is not 42:
    /// Olympus ORF (`RO`, `RS`) and Panasonic RW2 (0x55).
    static func open<Source: ByteSource>(
        at start: Int, end: Int?, using reader: inout Reader<Source>, rawMagic: Bool = false
    ) throws(HeaderError) -> TIFFStructure? {
        if let end, end - start < 8 { return nil }
        reader.seek(to: start)
        let head = try reader.peek(upTo: 16)
        let order: ByteOrder
        if head.matches([0x49, 0x49], at: 0) {
            order = .littleEndian
        } else if head.matches([0x4D, 0x4D], at: 0) {
            order = .bigEndian
        } else {
            return nil
        }
        var magic = head.uint16(at: 2, order)
        if rawMagic, let value = magic, [0x4F52, 0x5352, 0x55].contains(value) { magic = 42 }
        switch magic {
        case 42:
            guard let first = head.uint32(at: 4, order) else { return nil }
            return TIFFStructure(start: start, end: end, order: order, isBig: false, firstIFD: UInt64(first))
        case 43:
            guard head.uint16(at: 4, order) == 8, head.uint16(at: 6, order) == 0,
                  let first = head.uint64(at: 8, order) else { return nil }
            return TIFFStructure(start: start, end: end, order: order, isBig: true, firstIFD: first)
        default:
            return nil
        }
    }

    private var entrySize: Int { isBig ? 20 : 12 }
    private var headerSize: UInt64 { isBig ? 16 : 8 }

    /// The absolute position of `offset` bytes into the block when `length`
    /// bytes there lie inside it; `nil` otherwise (including on overflow).
    func position(of offset: UInt64, length: Int) -> Int? {
        guard let relative = Int(exactly: offset), length >= 0 else { return nil }
        let (absolute, overflow) = start.addingReportingOverflow(relative)
        guard !overflow else { return nil }
        let (last, overflow2) = absolute.addingReportingOverflow(length)
        guard !overflow2 else { return nil }
        if let end, last > end { return nil }
        return absolute
    }

    /// Loads the IFD at `offset`: its entries and the offset of the next IFD (0 for none).
    /// Returns `nil` for an offset inside the header, out of range, already
    /// visited, or past the IFD budget, and for an entry count over the cap.
    mutating func loadIFD<Source: ByteSource>(
        at offset: UInt64, using reader: inout Reader<Source>
    ) throws(HeaderError) -> (entries: [Entry], next: UInt64)? {
        guard let (table, count) = try entryTable(at: offset, using: &reader) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            entries.append(entry(index, of: table))
        }
        let fieldSize = isBig ? 8 : 4
        let nextAt = table.startIndex + count * entrySize
        let next = table.endIndex - nextAt >= fieldSize ? Self.unsigned(table, at: nextAt, width: fieldSize, order) : 0
        return (entries, next)
    }

    /// The last entry tagged `tag` of the IFD at `offset`: what the entries
    /// ``loadIFD(at:using:)`` returns give, found without listing them all
    /// (a layout read wants the orientation alone). `nil` where that returns
    /// `nil` or no entry has the tag; counts as a load of the IFD.
    mutating func lastEntry<Source: ByteSource>(
        tagged tag: UInt16, inIFDAt offset: UInt64, using reader: inout Reader<Source>
    ) throws(HeaderError) -> Entry? {
        guard let (table, count) = try entryTable(at: offset, using: &reader) else { return nil }
        for index in stride(from: count - 1, through: 0, by: -1)
        where UInt16(truncatingIfNeeded: Self.unsigned(table, at: table.startIndex + index * entrySize, width: 2, order)) == tag {
            return entry(index, of: table)
        }
        return nil
    }

    /// The checks and read behind ``loadIFD(at:using:)``: the IFD's table (a
    /// view of the reader's window, read once) and its entry count.
    private mutating func entryTable<Source: ByteSource>(
        at offset: UInt64, using reader: inout Reader<Source>
    ) throws(HeaderError) -> (table: ArraySlice<UInt8>, count: Int)? {
        guard offset >= headerSize, !visited.contains(offset), visited.count < reader.limits.maxIFDs else {
            return nil
        }
        visited.append(offset)
        let countSize = isBig ? 8 : 2
        guard let countPosition = position(of: offset, length: countSize) else { return nil }
        let part = InputPart("TIFF IFD", at: countPosition)
        reader.seek(to: countPosition)
        // Classic TIFF's 2-byte count read in place: every Exif block of a scan has one.
        let rawCount = isBig ? try reader.readBytes(countSize, of: part).unsigned(at: 0, width: countSize, order)
            : UInt64(try reader.readUInt16(order, of: part))
        guard let rawCount, rawCount <= UInt64(reader.limits.maxIFDEntries) else { return nil }
        let count = Int(rawCount)
        let tableLength = count * entrySize + (isBig ? 8 : 4)
        // The next-IFD offset may be cut off at the end of a block; the entries may not.
        let (tableOffset, overflow) = offset.addingReportingOverflow(UInt64(countSize))
        guard !overflow, position(of: tableOffset, length: count * entrySize) != nil else { return nil }
        let table = try reader.peekSlice(upTo: tableLength)
        guard table.count >= count * entrySize else { throw part.truncated }
        return (table, count)
    }

    /// Entry `index` of an IFD's `table`.
    private func entry(_ index: Int, of table: ArraySlice<UInt8>) -> Entry {
        let base = table.startIndex + index * entrySize
        return Entry(tag: UInt16(truncatingIfNeeded: Self.unsigned(table, at: base, width: 2, order)),
                     type: UInt16(truncatingIfNeeded: Self.unsigned(table, at: base + 2, width: 2, order)),
                     count: Self.unsigned(table, at: base + 4, width: isBig ? 8 : 4, order),
                     field: TIFFField(table, at: base + (isBig ? 12 : 8), width: isBig ? 8 : 4))
    }

    /// Bytes of one element of a TIFF field type, or `nil` for unknown types.
    static func elementSize(of type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7, 129: 1        // BYTE, ASCII, SBYTE, UNDEFINED, UTF-8
        case 3, 8: 2                   // SHORT, SSHORT
        case 4, 9, 11, 13: 4           // LONG, SLONG, FLOAT, IFD
        case 5, 10, 12, 16, 17, 18: 8  // RATIONAL, SRATIONAL, DOUBLE, LONG8, SLONG8, IFD8
        default: nil
        }
    }

    /// The first value of an integer entry (BYTE, SHORT, LONG, LONG8, IFD, IFD8), held in the field.
    func unsignedValue(_ entry: Entry) -> UInt64? {
        guard entry.count >= 1 else { return nil }
        switch entry.type {
        case 1: return UInt64(entry.field.first)
        case 3: return entry.field.uint16(at: 0, order).map(UInt64.init)
        case 4, 13: return entry.field.uint32(at: 0, order).map(UInt64.init)
        case 16, 18: return isBig ? entry.field.uint64(at: 0, order) : nil
        default: return nil
        }
    }

    /// The raw bytes of an entry's value, at most `cap` of them: inline when
    /// they fit the field, else at the offset the field holds.
    func valueBytes<Source: ByteSource>(
        _ entry: Entry, cap: Int, using reader: inout Reader<Source>
    ) throws(HeaderError) -> [UInt8]? {
        try valueSlice(entry, cap: cap, using: &reader).map(Array.init)
    }

    /// ``valueBytes(_:cap:using:)`` as a view of the reader's window where
    /// the value lies in it: the text and rationals of every photo's Exif
    /// are read through here and at once let go.
    func valueSlice<Source: ByteSource>(
        _ entry: Entry, cap: Int, using reader: inout Reader<Source>
    ) throws(HeaderError) -> ArraySlice<UInt8>? {
        guard let size = Self.elementSize(of: entry.type) else { return nil }
        let (total, overflow) = entry.count.multipliedReportingOverflow(by: UInt64(size))
        guard !overflow else { return nil }
        let wanted = Int(min(total, UInt64(cap)))
        if total <= UInt64(entry.field.count) {
            return ArraySlice(entry.field.prefix(wanted))
        }
        let fieldValue = entry.field.unsigned(at: 0, width: entry.field.count, order) ?? 0
        guard let absolute = position(of: fieldValue, length: wanted) else { return nil }
        reader.seek(to: absolute)
        let bytes = try reader.peekSlice(upTo: wanted)
        reader.seek(to: absolute + bytes.count)
        return bytes.count == wanted ? bytes : nil
    }

    /// The unsigned integer of `width` bytes at absolute index `index` of
    /// `bytes`, which the caller has checked holds them.
    private static func unsigned(_ bytes: ArraySlice<UInt8>, at index: Int, width: Int, _ order: ByteOrder) -> UInt64 {
        var value: UInt64 = 0
        for step in 0..<width {
            value = value << 8 | UInt64(bytes[index + (order == .bigEndian ? step : width - 1 - step)])
        }
        return value
    }
}

/// The IFD offsets a ``TIFFStructure`` has loaded: the first four inline,
/// any more (a hostile chain, up to the limit) in an array.
struct VisitedOffsets {
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var more: [UInt64] = []
    private(set) var count = 0

    func contains(_ offset: UInt64) -> Bool {
        switch count {
        case 0: return false
        case 1: return inline.0 == offset
        case 2: return inline.0 == offset || inline.1 == offset
        case 3: return inline.0 == offset || inline.1 == offset || inline.2 == offset
        default:
            return inline.0 == offset || inline.1 == offset || inline.2 == offset || inline.3 == offset
                || more.contains(offset)
        }
    }

    mutating func append(_ offset: UInt64) {
        switch count {
        case 0: inline.0 = offset
        case 1: inline.1 = offset
        case 2: inline.2 = offset
        case 3: inline.3 = offset
        default: more.append(offset)
        }
        count += 1
    }
}
