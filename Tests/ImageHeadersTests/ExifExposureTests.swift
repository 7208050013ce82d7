import Testing
@testable import ImageHeaders

/// Exposure and lens tags of the Exif IFD (``CameraExposure``), every
/// rational checked.
@Suite struct ExifExposureTests {
    typealias T = TIFFBlockBuilder

    static func rational(_ block: T, _ tag: UInt16, _ numerator: UInt32, _ denominator: UInt32, signed: Bool = false) -> T.Field {
        T.Field(tag: tag, type: signed ? 10 : 5, count: 1, data: block.u32(numerator) + block.u32(denominator))
    }

    static func metadata(_ block: T) throws -> ImageMetadata? {
        try ImageHeader.read(from: JPEGBuilder().exif(block.bytes).frame(width: 4, height: 3).scan().bytes).metadata
    }

    @Test(arguments: [true, false])
    func everyFieldIsRead(bigEndian: Bool) throws {
        var block = T(bigEndian: bigEndian)
        block.ifd0 = [T.ascii(0x010F, "Canon"), T.ascii(0x0110, "Canon EOS R5")]
        block.exif = [Self.rational(block, 0x829A, 1, 250), Self.rational(block, 0x829D, 28, 10),
                      block.short(0x8827, 200), Self.rational(block, 0x920A, 500, 10), block.short(0xA405, 75),
                      T.ascii(0xA433, "Canon"), T.ascii(0xA434, "RF24-105mm F4 L IS USM"), T.ascii(0xA431, "SERIAL1")]
        let exposure = try #require(try Self.metadata(block)?.exposure)
        #expect(exposure == CameraExposure(exposureTime: 1.0 / 250, fNumber: 2.8, iso: 200, focalLength: 50,
                                           focalLength35mm: 75, lensMake: "Canon", lensModel: "RF24-105mm F4 L IS USM"))
    }

    struct BadRational: Sendable, CustomTestStringConvertible {
        var numerator: UInt32
        var denominator: UInt32
        var signed = false
        var testDescription: String { "\(numerator)/\(denominator)\(signed ? " signed" : "")" }
    }

    @Test(arguments: [BadRational(numerator: 1, denominator: 0), BadRational(numerator: 0, denominator: 1),
                      BadRational(numerator: 4_000_000_000, denominator: 1),
                      BadRational(numerator: UInt32(bitPattern: -28), denominator: 10, signed: true)])
    func absurdRationalsAreDropped(_ bad: BadRational) throws {
        var block = T()
        block.exif = [Self.rational(block, 0x829D, bad.numerator, bad.denominator, signed: bad.signed),
                      block.short(0x8827, 100)]
        let exposure = try #require(try Self.metadata(block)?.exposure)
        #expect(exposure.fNumber == nil)
        #expect(exposure.iso == 100)
    }

    @Test func isoFallsBackToISOSpeedAndZeroIsAbsent() throws {
        var block = T()
        block.exif = [block.long(0x8833, 6400)]
        #expect(try Self.metadata(block)?.exposure?.iso == 6400)
        block.exif = [block.short(0x8827, 0)]
        #expect(try Self.metadata(block)?.exposure == nil)
    }

    @Test func wrongTypesAreIgnored() throws {
        var block = T()
        // FNumber as a SHORT and ExposureTime as ASCII: not rationals.
        block.exif = [block.short(0x829D, 8), T.ascii(0x829A, "1/250"), block.short(0x920A, 50)]
        #expect(try Self.metadata(block)?.exposure == nil)
    }

    @Test func withoutExposureTagsNothingIsKept() throws {
        var block = T()
        block.ifd0 = [T.ascii(0x0110, "M")]
        block.exif = [T.ascii(0xA431, "SERIAL1")]
        let metadata = try #require(try Self.metadata(block))
        #expect(metadata.exposure == nil)
        #expect(metadata == ImageMetadata(model: "M", bodySerialNumber: "SERIAL1"))
    }

    /// Real phone files (exiftool agrees: 1/1067 s, f/1.7, ISO 47, 4.4 mm, 27 mm; 1/1018 s, f/1.6, ISO 50, 5.1 mm, 26 mm).
    @Test(arguments: [
        ("libavif/paris_exif_xmp_icc.jpg", CameraExposure(exposureTime: 1.0 / 1067, fNumber: 1.7, iso: 47, focalLength: 4.4,
                                                          focalLength35mm: 27, lensMake: "Google",
                                                          lensModel: "Pixel 4a back camera 4.38mm f/1.73")),
        ("libavif/apple_gainmap_new.jpg", CameraExposure(exposureTime: 1.0 / 1018, fNumber: 1.6, iso: 50, focalLength: 5.1,
                                                         focalLength35mm: 26, lensMake: "Apple",
                                                         lensModel: "iPhone 13 mini back dual wide camera 5.1mm f/1.6")),
    ])
    func phoneFixturesAreRead(_ name: String, _ expected: CameraExposure) throws {
        let path = Fixtures.directory.appendingPathComponent(name).path
        let exposure = try #require(try ImageHeader.read(fileAt: path).metadata?.exposure)
        #expect(exposure.iso == expected.iso)
        #expect(exposure.focalLength35mm == expected.focalLength35mm)
        #expect(exposure.lensMake == expected.lensMake)
        #expect(exposure.lensModel == expected.lensModel)
        for (read, wanted) in [(exposure.exposureTime, expected.exposureTime), (exposure.fNumber, expected.fNumber),
                               (exposure.focalLength, expected.focalLength)] {
            #expect(abs((read ?? 0) - (wanted ?? 1)) < 1e-3)
        }
    }
}
