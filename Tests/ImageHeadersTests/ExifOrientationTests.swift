import Testing
@testable import ImageHeaders

/// Hand-built Exif blocks inside JPEG APP1: byte orders, IFD choice, bad values, bad offsets.
@Suite struct ExifOrientationTests {
    /// A 40x30 JPEG whose first segment is an Exif APP1 holding `tiff`.
    static func jpeg(_ tiff: [UInt8]) -> [UInt8] {
        JPEGBuilder().exif(tiff).frame(width: 40, height: 30).scan().bytes
    }

    static func orientation(_ tiff: [UInt8]) throws -> (Orientation, OrientationSource) {
        let header = try ImageHeader.read(from: jpeg(tiff))
        return (header.orientation, header.orientationSource)
    }

    @Test(arguments: [true, false], 1...8)
    func bothByteOrders(bigEndian: Bool, value: Int) throws {
        var exif = ExifBuilder(bigEndian: bigEndian)
        exif.ifd0 = [exif.short(0x010F, 0), exif.short(0x0112, UInt16(value)), exif.long(0x8769, 0)]
        let header = try ImageHeader.read(from: Self.jpeg(exif.bytes))
        #expect(header.orientation.rawValue == UInt8(value))
        #expect(header.orientationSource == .exif)
        let swapped = value >= 5
        #expect(header.displaySize == (swapped ? PixelSize(width: 30, height: 40) : PixelSize(width: 40, height: 30)))
    }

    @Test func longTypeIsTolerated() throws {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.long(0x0112, 6)]
        #expect(try Self.orientation(exif.bytes) == (.right, .exif))
    }

    @Test func otherTypesAreIgnored() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [ExifBuilder.Entry(tag: 0x0112, type: 2, count: 2, value: [0x36, 0, 0, 0])]
        #expect(try Self.orientation(exif.bytes) == (.up, .none))
    }

    @Test func ifd1OrientationIsIgnored() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x011A, 72)]
        exif.ifd1 = [exif.short(0x0112, 8)]
        #expect(try Self.orientation(exif.bytes) == (.up, .none))
    }

    @Test(arguments: [UInt16(0), 9, 255, 0x0106])
    func outOfRangeValuesReadAsAbsent(value: UInt16) throws {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, value)]
        #expect(try Self.orientation(exif.bytes) == (.up, .none))
    }

    @Test(arguments: [UInt32(0xFFFF_FFF8), 0xFFFF_FFFF, 0x8000_0000, 0, 4, 7, 1000])
    func badIFDOffsetsReadAsAbsent(offset: UInt32) throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 6)]
        exif.ifd0Offset = offset
        #expect(try Self.orientation(exif.bytes) == (.up, .none))
        #expect(try ImageHeader.read(from: Self.jpeg(exif.bytes)).storedSize == PixelSize(width: 40, height: 30))
    }

    @Test(arguments: [UInt16(2), 100, 0xFFFF])
    func entryCountLargerThanTheBlockReadsAsAbsent(count: UInt16) throws {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, 6)]
        exif.ifd0Count = count
        // The block has room for the one entry and the next-IFD offset only.
        #expect(try Self.orientation(exif.bytes) == (.up, .none))
    }

    @Test func entriesAreNotReadPastTheSegment() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0100, 1), exif.short(0x0112, 6)]
        // Cut the block inside the second entry; the next segment's bytes
        // must not be read as its value.
        let tiff = Array(exif.bytes.prefix(8 + 2 + 12 + 6))
        #expect(try Self.orientation(tiff) == (.up, .none))
    }

    @Test func badByteOrderMarkReadsAsAbsent() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 6)]
        var tiff = exif.bytes
        tiff[0] = 0x49  // "IM"
        #expect(try Self.orientation(tiff) == (.up, .none))
    }

    @Test func onlyTheFirstExifSegmentCounts() throws {
        var first = ExifBuilder(bigEndian: true)
        first.ifd0 = [first.short(0x010F, 0)]
        var second = ExifBuilder(bigEndian: true)
        second.ifd0 = [second.short(0x0112, 6)]
        let jpeg = JPEGBuilder().exif(first.bytes).exif(second.bytes).frame(width: 2, height: 1).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).orientationSource == .none)
    }

    @Test func nonExifAPP1BeforeExifIsSkipped() throws {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, 8)]
        let xmp = Array("http://ns.adobe.com/xap/1.0/\u{0}<x:xmpmeta/>".utf8)
        let jpeg = JPEGBuilder().segment(0xE1, xmp).exif(exif.bytes).frame(width: 2, height: 1).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).orientation == .left)
    }

    @Test func exifAfterTheFrameHeaderCounts() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 3)]
        let jpeg = JPEGBuilder().frame(width: 2, height: 1).exif(exif.bytes).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).orientation == .down)
    }

    @Test func exifRunningPastTheEndOfData() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 6)]
        exif.ifd0Offset = 30_000
        let jpeg = JPEGBuilder().frame(width: 2, height: 1).exif(exif.bytes + Array(repeating: 0, count: 100)).bytes
        #expect(try ImageHeader.read(from: jpeg) == ImageHeader(format: .jpeg, storedSize: PixelSize(width: 2, height: 1)))
    }
}
