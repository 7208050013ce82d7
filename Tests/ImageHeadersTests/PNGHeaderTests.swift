import Testing
@testable import ImageHeaders

/// Hand-built PNG streams: IHDR rules, CgBI, eXIf placement, APNG.
@Suite struct PNGHeaderTests {
    @Test func plainIHDR() throws {
        let png = PNGBuilder().ihdr(width: 320, height: 200).imageData().bytes
        #expect(try ImageHeader.read(from: png) == ImageHeader(format: .png, storedSize: PixelSize(width: 320, height: 200)))
    }

    @Test func largestSizeIsAccepted() throws {
        let png = PNGBuilder().ihdr(width: 0x7FFF_FFFF, height: 1).imageData().bytes
        #expect(try ImageHeader.read(from: png).storedSize == PixelSize(width: 2_147_483_647, height: 1))
    }

    @Test func appleCgBIBeforeIHDR() throws {
        let png = PNGBuilder().chunk("CgBI", [0x50, 0x00, 0x20, 0x02]).ihdr(width: 57, height: 57).imageData().bytes
        #expect(try ImageHeader.read(from: png).storedSize == PixelSize(width: 57, height: 57))
    }

    @Test func firstChunkMustBeIHDR() {
        let png = PNGBuilder().chunk("gAMA", [0, 0, 0xB1, 0x8F]).ihdr(width: 1, height: 1).bytes
        let expected = HeaderError(offset: 8, reason: .missingIHDR(found: "gAMA"))
        #expect(throws: expected) { try ImageHeader.read(from: png) }
        #expect(expected.description == "first PNG chunk is 'gAMA', not IHDR, at byte 8")
    }

    @Test func unprintableChunkTypeIsEscaped() {
        let png = PNGBuilder().chunk("R\u{0}y\u{0}", []).bytes
        #expect(throws: HeaderError(offset: 8, reason: .missingIHDR(found: "R\\x00y\\x00"))) {
            try ImageHeader.read(from: png)
        }
    }

    @Test func ihdrLengthMustBe13() {
        let png = PNGBuilder().chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0]).bytes
        let expected = HeaderError(offset: 8, reason: .badIHDR("length 12, expected 13"))
        #expect(throws: expected) { try ImageHeader.read(from: png) }
        #expect(expected.description == "invalid IHDR chunk (length 12, expected 13) at byte 8")
    }

    @Test(arguments: [
        ([UInt8(8), 1, 0, 0, 0], "colour type 1"),
        ([3, 0, 0, 0, 0], "bit depth 3 with colour type 0"),
        ([16, 3, 0, 0, 0], "bit depth 16 with colour type 3"),
        ([4, 6, 0, 0, 0], "bit depth 4 with colour type 6"),
        ([8, 2, 1, 0, 0], "compression method 1"),
        ([8, 2, 0, 64, 0], "filter method 64"),
        ([8, 2, 0, 0, 2], "interlace method 2"),
    ])
    func ihdrCodingFieldsAreChecked(fields: [UInt8], problem: String) {
        let png = PNGBuilder().chunk("IHDR", [0, 0, 0, 9, 0, 0, 0, 9] + fields).bytes
        #expect(throws: HeaderError(offset: 8, reason: .badIHDR(problem))) { try ImageHeader.read(from: png) }
    }

    @Test(arguments: [(UInt8(0), UInt8(1)), (0, 16), (2, 16), (3, 1), (3, 8), (4, 8), (6, 16)])
    func validCodingFieldsAreAccepted(colourType: UInt8, bitDepth: UInt8) throws {
        let png = PNGBuilder().chunk("IHDR", [0, 0, 0, 9, 0, 0, 0, 7, bitDepth, colourType, 0, 0, 1]).bytes
        #expect(try ImageHeader.read(from: png).storedSize == PixelSize(width: 9, height: 7))
    }

    @Test(arguments: [(UInt32(0), UInt32(3)), (3, 0)])
    func zeroDimension(width: UInt32, height: UInt32) {
        let png = PNGBuilder().ihdr(width: width, height: height).bytes
        #expect(throws: HeaderError(offset: 8, reason: .zeroDimension("IHDR chunk"))) { try ImageHeader.read(from: png) }
    }

    @Test(arguments: [(UInt32(0x8000_0000), UInt32(1)), (1, 0xFFFF_FFFF)])
    func dimensionOutOfRange(width: UInt32, height: UInt32) {
        let png = PNGBuilder().ihdr(width: width, height: height).bytes
        let expected = HeaderError(offset: 8, reason: .dimensionOutOfRange(width: Int(width), height: Int(height)))
        #expect(throws: expected) { try ImageHeader.read(from: png) }
        #expect(expected.description.hasSuffix("out of range 1...2147483647 at byte 8"))
    }

    @Test func ihdrChecksumIsVerified() {
        let png = PNGBuilder().chunk("IHDR", [0, 0, 0, 9, 0, 0, 0, 9, 8, 2, 0, 0, 0], crc: 0x1234_5678).bytes
        #expect(throws: HeaderError(offset: 8, reason: .badChecksum("IHDR chunk"))) { try ImageHeader.read(from: png) }
    }

    @Test func chunkLengthAbove2GiBIsAnError() {
        let png = PNGBuilder().chunk("IHDR", [], length: 0x8000_0000).bytes
        #expect(throws: HeaderError(offset: 8, reason: .badChunkLength(chunk: "IHDR", length: 0x8000_0000))) {
            try ImageHeader.read(from: png)
        }
    }

    @Test(arguments: [8, 12, 20, 32])
    func truncatedIHDR(length: Int) {
        let png = Array(PNGBuilder().ihdr(width: 5, height: 5).bytes.prefix(length))
        let part = length < 16 ? "PNG chunk header" : "IHDR chunk"
        #expect(throws: HeaderError(offset: 8, reason: .truncated(part))) { try ImageHeader.read(from: png) }
    }

    @Test(arguments: [true, false])
    func eXIfBeforeIDAT(bigEndian: Bool) throws {
        var exif = ExifBuilder(bigEndian: bigEndian)
        exif.ifd0 = [exif.short(0x0112, 6)]
        let png = PNGBuilder().ihdr(width: 400, height: 300).chunk("eXIf", exif.bytes).imageData().bytes
        let header = try ImageHeader.read(from: png)
        #expect(header.orientation == .right)
        #expect(header.orientationSource == .exif)
        #expect(header.displaySize == PixelSize(width: 300, height: 400))
    }

    @Test func eXIfWithJPEGStylePrefixIsTolerated() throws {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, 7)]
        let png = PNGBuilder().ihdr(width: 4, height: 2).chunk("eXIf", Array("Exif".utf8) + [0, 0] + exif.bytes).imageData().bytes
        #expect(try ImageHeader.read(from: png).orientation == .rightMirrored)
    }

    @Test func eXIfAfterIDATIsIgnored() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 6)]
        let png = PNGBuilder().ihdr(width: 4, height: 2).chunk("IDAT", [0, 1, 2]).chunk("eXIf", exif.bytes).chunk("IEND", []).bytes
        let header = try ImageHeader.read(from: png)
        #expect(header.orientationSource == .none)
        #expect(header.displaySize == PixelSize(width: 4, height: 2))
    }

    @Test func acTLMarksAnimation() throws {
        let png = PNGBuilder().ihdr(width: 100, height: 100).chunk("acTL", [0, 0, 0, 20, 0, 0, 0, 0]).imageData().bytes
        let header = try ImageHeader.read(from: png)
        #expect(header.format == .png)
        #expect(header.isAnimated)
    }

    @Test func damagedChunksAfterIHDROnlyEndTheWalk() throws {
        var exif = ExifBuilder(bigEndian: true)
        exif.ifd0 = [exif.short(0x0112, 6)]
        let base = PNGBuilder().ihdr(width: 8, height: 6)
        let cases: [[UInt8]] = [
            base.bytes,                                                        // ends after IHDR
            base.bytes + [0, 0],                                               // partial chunk header
            base.chunk("tEXt", [], length: 0xFFFF_FFFF).bytes,                 // absurd length
            base.chunk("zTXt", Array(repeating: 0, count: 10), length: 5000).bytes,  // runs past the end
            base.chunk("eXIf", Array(exif.bytes.prefix(12))).imageData().bytes,      // cut-off Exif
        ]
        for png in cases {
            #expect(try ImageHeader.read(from: png) == ImageHeader(format: .png, storedSize: PixelSize(width: 8, height: 6)))
        }
    }

    @Test func manyAncillaryChunksStopAtTheLimit() throws {
        var png = PNGBuilder().ihdr(width: 3, height: 3)
        for _ in 0..<50 {
            png = png.chunk("tEXt", Array("k\u{0}v".utf8))
        }
        png = png.chunk("acTL", [0, 0, 0, 2, 0, 0, 0, 0]).imageData()
        #expect(try ImageHeader.read(from: png.bytes).isAnimated)
        #expect(try ImageHeader.read(from: png.bytes, limits: HeaderLimits(maxSegments: 10)).isAnimated == false)
    }

    @Test func crcMatchesTheKnownIENDValue() {
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }
}
