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
}
