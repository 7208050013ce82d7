/// Reads the Orientation tag (0x0112) from IFD0 of a TIFF-structured Exif
/// block (JPEG APP1 after `Exif\0\0`, PNG `eXIf`; later WebP `EXIF`, TIFF).
///
/// Only IFD0 is read: IFD1 describes the thumbnail. Malformed Exif never fails
/// the image, since viewers ignore it too; it reads as "no orientation".
enum ExifOrientationReader {
    private static let orientationTag: UInt16 = 0x0112
    private static let typeShort: UInt16 = 3
    private static let typeLong: UInt16 = 4
    private static let entrySize = 12

    /// The orientation in the Exif block `tiffStart..<end` (absolute offsets),
    /// or `nil` when it is absent, outside 1…8, or the block is malformed.
    ///
    /// Throws only when the source fails or a limit is reached. Leaves the
    /// reader at an unspecified position.
    static func orientation<Source: ByteSource>(
        in reader: inout Reader<Source>,
        tiffStart: Int,
        end: Int
    ) throws(HeaderError) -> Orientation? {
        do {
            return try readOrientation(in: &reader, tiffStart: tiffStart, end: end)
        } catch {
            if case .truncated = error.reason {
                return nil
            }
            throw error
        }
    }

    private static func readOrientation<Source: ByteSource>(
        in reader: inout Reader<Source>,
        tiffStart: Int,
        end: Int
    ) throws(HeaderError) -> Orientation? {
        let part = InputPart("Exif data", at: tiffStart)
        guard end - tiffStart >= 8 else { return nil }
        reader.seek(to: tiffStart)
        let order: ByteOrder
        switch try reader.readBytes(4, of: part) {
        case [0x49, 0x49, 0x2A, 0x00]: order = .littleEndian
        case [0x4D, 0x4D, 0x00, 0x2A]: order = .bigEndian
        default: return nil
        }
        // The IFD offset counts from the TIFF header and cannot point into it.
        // 64-bit sums: an offset like 0xFFFFFFF8 must not wrap past the check.
        guard let ifdOffset = Int(exactly: try reader.readUInt32(order, of: part)), ifdOffset >= 8 else {
            return nil
        }
        let (ifdStart, overflow) = tiffStart.addingReportingOverflow(ifdOffset)
        guard !overflow, ifdStart < end, end - ifdStart >= 2 else { return nil }
        reader.seek(to: ifdStart)
        let entryCount = Int(try reader.readUInt16(order, of: part))
        guard entryCount <= reader.limits.maxIFDEntries,
              entryCount <= (end - ifdStart - 2) / entrySize
        else { return nil }
        for _ in 0..<entryCount {
            let entryStart = reader.offset
            let tag = try reader.readUInt16(order, of: part)
            guard tag == orientationTag else {
                reader.seek(to: entryStart + entrySize)
                continue
            }
            return try readOrientationValue(in: &reader, order: order, part: part)
        }
        return nil
    }

    /// Reads type, count and inline value of an Orientation entry (after its tag).
    private static func readOrientationValue<Source: ByteSource>(
        in reader: inout Reader<Source>,
        order: ByteOrder,
        part: InputPart
    ) throws(HeaderError) -> Orientation? {
        let type = try reader.readUInt16(order, of: part)
        let count = try reader.readUInt32(order, of: part)
        let value: UInt32
        // The spec says SHORT, count 1; LONG occurs in the wild. Larger counts
        // would move the value out of line and mean a broken entry.
        switch type {
        case typeShort where count == 1 || count == 2:
            value = UInt32(try reader.readUInt16(order, of: part))
        case typeLong where count == 1:
            value = try reader.readUInt32(order, of: part)
        default:
            return nil
        }
        guard let raw = UInt8(exactly: value) else { return nil }
        return Orientation(rawValue: raw)
    }
}
