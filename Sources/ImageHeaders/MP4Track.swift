/// One `trak` box: its header (`tkhd`: enabled flag, presentation size,
/// display matrix), its handler (`vide`, `soun`) and first sample entry (the codec).
struct MP4Track {
    var isEnabled = false
    /// The presentation size before the matrix is applied; nil when zero.
    var size: PixelSize?
    /// The matrix's rotation or mirroring; nil when it is not a right angle.
    var orientation: Orientation? = .up
    var handler: UInt32 = 0
    /// The first sample entry's type as text (`avc1`, `hvc1`, `mp4a`).
    var codec: String?
    /// An H.264 entry's `avcC` profile_idc (100 High, 110 High 10, 122 High 4:2:2, …).
    var profile: Int?

    static func read<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) -> MP4Track {
        var track = MP4Track()
        guard let end = box.end else { return track }
        for child in try ISOBox.children(in: box.payloadStart..<end, using: &reader) {
            switch child.type {
            case FourCC.code("tkhd"): try track.readTrackHeader(child, using: &reader)
            case FourCC.code("mdia"): try track.readMedia(child, using: &reader)
            default: break
            }
        }
        return track
    }

    private mutating func readTrackHeader<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) {
        let bytes = try box.payload(upTo: 96, using: &reader)
        guard let version = bytes.first, let flags = bytes.uint32(at: 0, .bigEndian) else {
            throw HeaderError(offset: box.start, reason: .truncated("'tkhd' box"))
        }
        isEnabled = flags & 1 != 0
        // After version/flags: times, track ID, reserved and duration (20 or
        // 32 bytes), 8 reserved, layer, group, volume, 2 reserved, then the matrix.
        let matrixAt = 4 + (version == 1 ? 32 : 20) + 16
        var matrix: [Int32] = []
        for index in 0..<9 {
            guard let value = bytes.uint32(at: matrixAt + 4 * index, .bigEndian) else {
                throw HeaderError(offset: box.start, reason: .truncated("'tkhd' box"))
            }
            matrix.append(Int32(bitPattern: value))
        }
        guard let width = bytes.uint32(at: matrixAt + 36, .bigEndian), let height = bytes.uint32(at: matrixAt + 40, .bigEndian) else {
            throw HeaderError(offset: box.start, reason: .truncated("'tkhd' box"))
        }
        // 16.16 fixed point, rounded to whole pixels.
        let pixelsWide = (UInt64(width) + 0x8000) >> 16, pixelsHigh = (UInt64(height) + 0x8000) >> 16
        if pixelsWide > 0, pixelsHigh > 0 {
            size = try PixelSize.checked(width: pixelsWide, height: pixelsHigh, part: "'tkhd' box", at: box.start)
        }
        orientation = Self.orientation(a: matrix[0], b: matrix[1], c: matrix[3], d: matrix[4])
    }

    /// The orientation a display matrix amounts to. The matrix maps a point
    /// (x, y) of the stored frame to (a·x + c·y, b·x + d·y); only right
    /// angles and mirrors are orientations (nil for any other matrix, which
    /// is then shown as stored). The Exif value is the one whose turn the
    /// matrix performs: b = 1, c = −1 turns the frame 90° clockwise (6), as
    /// an iPhone held upright records.
    static func orientation(a: Int32, b: Int32, c: Int32, d: Int32) -> Orientation? {
        func unit(_ value: Int32) -> Int? {
            switch value {
            case 0x10000: 1
            case -0x10000: -1
            case 0: 0
            default: nil
            }
        }
        guard let a = unit(a), let b = unit(b), let c = unit(c), let d = unit(d) else { return nil }
        switch (a, b, c, d) {
        case (1, 0, 0, 1): return .up
        case (-1, 0, 0, 1): return .upMirrored
        case (-1, 0, 0, -1): return .down
        case (1, 0, 0, -1): return .downMirrored
        case (0, 1, -1, 0): return .right
        case (0, -1, 1, 0): return .left
        case (0, 1, 1, 0): return .leftMirrored
        case (0, -1, -1, 0): return .rightMirrored
        default: return nil
        }
    }

    private mutating func readMedia<Source: ByteSource>(_ box: ISOBox, using reader: inout Reader<Source>) throws(HeaderError) {
        guard let end = box.end else { return }
        for child in try ISOBox.children(in: box.payloadStart..<end, using: &reader) {
            switch child.type {
            case FourCC.code("hdlr"):
                // version/flags, pre_defined, then handler_type.
                let bytes = try child.payload(upTo: 12, using: &reader)
                handler = bytes.fourCC(at: 8) ?? 0
            case FourCC.code("minf"):
                guard let minfEnd = child.end else { continue }
                for table in try ISOBox.children(in: child.payloadStart..<minfEnd, using: &reader)
                where table.type == FourCC.code("stbl") {
                    guard let stblEnd = table.end else { continue }
                    for entry in try ISOBox.children(in: table.payloadStart..<stblEnd, using: &reader)
                    where entry.type == FourCC.code("stsd") {
                        // version/flags, entry count, then the first entry's size and type.
                        let bytes = try entry.payload(upTo: 16, using: &reader)
                        if let type = bytes.fourCC(at: 12), (bytes.uint32(at: 4, .bigEndian) ?? 0) > 0 {
                            codec = FourCC.name(type)
                            if type == FourCC.code("avc1") || type == FourCC.code("avc3") {
                                profile = try Self.avcProfile(entryAt: entry.payloadStart + 8, using: &reader)
                            }
                        }
                    }
                }
            default: break
            }
        }
    }

    /// The profile_idc in the `avcC` box of the H.264 sample entry at
    /// `position`: after the entry's 8-byte header and the 78 bytes of a
    /// visual sample entry come its boxes. nil when there is none.
    static func avcProfile<Source: ByteSource>(entryAt position: Int, using reader: inout Reader<Source>) throws(HeaderError) -> Int? {
        guard let entry = try ISOBox.read(at: position, using: &reader), let end = entry.end,
              entry.payloadStart + 78 < end else { return nil }
        for child in try ISOBox.children(in: (entry.payloadStart + 78)..<end, using: &reader) where child.type == FourCC.code("avcC") {
            let bytes = try child.payload(upTo: 2, using: &reader)
            return bytes.count == 2 ? Int(bytes[1]) : nil
        }
        return nil
    }
}
