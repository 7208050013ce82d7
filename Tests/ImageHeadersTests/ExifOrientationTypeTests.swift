import Testing
@testable import ImageHeaders

/// Orientation written as SSHORT (8) or SLONG (9) instead of SHORT: Pillow and
/// exiftool honour it, so Cascade does too.
@Suite struct ExifOrientationTypeTests {
    static func orientation(type: UInt16, count: UInt32 = 1, value: Int32, bigEndian: Bool) throws -> Orientation? {
        var exif = ExifBuilder(bigEndian: bigEndian)
        let field: [UInt8]
        switch type {
        case 3, 8: field = exif.u16(UInt16(truncatingIfNeeded: value)) + [0, 0]
        default: field = exif.u32(UInt32(bitPattern: value))
        }
        exif.ifd0 = [ExifBuilder.Entry(tag: 0x0112, type: type, count: count, value: field)]
        let header = try ImageHeader.read(from: ExifOrientationTests.jpeg(exif.bytes))
        return header.orientationSource == .exif ? header.orientation : nil
    }

    @Test(arguments: [UInt16(3), 4, 8, 9], [true, false])
    func integerTypesAreHonoured(type: UInt16, bigEndian: Bool) throws {
        for value in 1...8 {
            #expect(try Self.orientation(type: type, value: Int32(value), bigEndian: bigEndian)?.rawValue == UInt8(value))
        }
    }

    @Test(arguments: [UInt16(8), 9])
    func signedOutOfRangeIsAbsent(type: UInt16) throws {
        for value: Int32 in [-1, -6, 0, 9] {
            #expect(try Self.orientation(type: type, value: value, bigEndian: false) == nil)
        }
    }

    @Test(arguments: [UInt16(8), 9, 4])
    func countOtherThanOneIsAbsent(type: UInt16) throws {
        #expect(try Self.orientation(type: type, count: 2, value: 6, bigEndian: true) == nil)
    }
}
