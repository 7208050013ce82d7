/// Reads Windows icons and cursors: the directory lists each image's size
/// (0 meaning 256), but the embedded PNG or DIB header is what decoders use,
/// so each entry's own header is read and preferred when present. The result
/// is the largest image by area (the first of equals).
enum ICOHeaderParser: HeaderParser {
    static var format: ImageFormat { .ico }

    /// Most directory entries accepted; real icons hold a dozen or so.
    private static let maxEntries = 1024

    /// Reserved 0, type 1 (icon) or 2 (cursor), at least one entry whose
    /// reserved byte is 0.
    static func matches(signature: [UInt8]) -> Bool {
        guard signature.count >= 22, signature[0] == 0, signature[1] == 0,
              signature[3] == 0, signature[2] == 1 || signature[2] == 2,
              let count = signature.uint16(at: 4, .littleEndian), count > 0 else { return false }
        return true
    }

    /// A cursor when the type field (byte 2) is 2, else an icon.
    static func format(leadingBytes bytes: [UInt8]) -> ImageFormat {
        bytes.count > 2 && bytes[2] == 2 ? .cur : .ico
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        do {
            return try readDirectory(using: &reader)
        } catch {
            // A type-2 TGA starts like a cursor; give it its chance.
            reader.seek(to: 0)
            if case .readFailed = error.reason { throw error }
            let head = try reader.peek(upTo: 18)
            if TGAHeaderParser.matches(signature: head) {
                return try TGAHeaderParser.read(using: &reader)
            }
            throw error
        }
    }

    private static func readDirectory<Source: ByteSource>(
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> ImageHeader {
        reader.seek(to: 0)
        let head = try reader.readBytes(6, of: InputPart("ICO header", at: 0))
        let format = Self.format(leadingBytes: head)
        let count = Int(head.uint16(at: 4, .littleEndian) ?? 0)
        guard count <= maxEntries else {
            throw HeaderError(offset: 4, reason: .limitExceeded("\(maxEntries) ICO directory entries"))
        }
        let directory = try reader.readBytes(16 * count, of: InputPart("\(format.description) directory", at: 6))
        let dataStart = 6 + 16 * count
        var best: (size: PixelSize, area: Int)?
        for index in 0..<count {
            let base = index * 16
            let entryOffset = 6 + base
            guard let length = directory.uint32(at: base + 8, .littleEndian),
                  let offset = directory.uint32(at: base + 12, .littleEndian),
                  length > 0, Int(offset) >= dataStart else {
                throw HeaderError(offset: entryOffset, reason: .malformed("\(format.description) directory entry \(index)"))
            }
            let listed = PixelSize(width: directory[base] == 0 ? 256 : Int(directory[base]),
                                   height: directory[base + 1] == 0 ? 256 : Int(directory[base + 1]))
            let size = try embeddedSize(at: Int(offset), using: &reader) ?? listed
            let area = size.width * size.height
            if best == nil || area > best?.area ?? 0 {
                best = (size, area)
            }
        }
        guard let best else {
            throw HeaderError(offset: 4, reason: .missing("image in the \(format.description) directory"))
        }
        return ImageHeader(format: format, storedSize: best.size)
    }

    /// The size in the PNG IHDR or DIB header at `offset` (a DIB's height
    /// covers the AND mask too, so it is halved); `nil` when the bytes there
    /// are neither, so the directory's numbers stand.
    private static func embeddedSize<Source: ByteSource>(
        at offset: Int, using reader: inout Reader<Source>
    ) throws(HeaderError) -> PixelSize? {
        let bytes = try reader.readAvailable(at: offset, upTo: 24)
        if bytes.matches(PNGHeaderParser.signature, at: 0), bytes.matches(Array("IHDR".utf8), at: 12),
           let width = bytes.uint32(at: 16, .bigEndian), let height = bytes.uint32(at: 20, .bigEndian),
           let size = try? PixelSize.checked(width: UInt64(width), height: UInt64(height), part: "", at: offset) {
            return size
        }
        guard let headerSize = bytes.uint32(at: 0, .littleEndian), [12, 40, 52, 56, 108, 124].contains(headerSize) else {
            return nil
        }
        let width: Int64, height: Int64
        if headerSize == 12 {
            guard let w = bytes.uint16(at: 4, .littleEndian), let h = bytes.uint16(at: 6, .littleEndian) else { return nil }
            (width, height) = (Int64(w), Int64(h))
        } else {
            guard let w = bytes.uint32(at: 4, .littleEndian), let h = bytes.uint32(at: 8, .littleEndian) else { return nil }
            (width, height) = (Int64(Int32(bitPattern: w)), Int64(Int32(bitPattern: h)))
        }
        guard width > 0 else { return nil }
        return try? PixelSize.checked(width: UInt64(width), height: height.magnitude / 2, part: "", at: offset)
    }
}
