import Foundation
import Testing
@testable import ImageHeaders

/// Metadata read in the same pass as the size: Exif text, date, GPS presence, ICC.
@Suite struct ExifMetadataTests {
    typealias T = TIFFBlockBuilder

    static func fullBlock(bigEndian: Bool) -> [UInt8] {
        var block = T(bigEndian: bigEndian)
        block.ifd0 = [T.ascii(0x010E, "Harbour at dawn"), T.ascii(0x010F, "Canon"), T.ascii(0x0110, "EOS R5"),
                      block.short(0x0112, 6), T.ascii(0x013B, "Ada Lovelace"), T.ascii(0x8298, "© 2024 Ada")]
        block.exif = [T.ascii(0x9003, "2024:05:01 14:03:59"), T.ascii(0x9011, "+02:00")]
        block.gps = [block.short(0x0000, 2)]
        return block.bytes
    }

    static let expected = ImageMetadata(
        dateTimeOriginal: "2024:05:01 14:03:59", offsetTimeOriginal: "+02:00", imageDescription: "Harbour at dawn",
        artist: "Ada Lovelace", copyright: "© 2024 Ada", make: "Canon", model: "EOS R5", hasGPS: true)

    @Test(arguments: [true, false])
    func jpegExif(bigEndian: Bool) throws {
        let jpeg = JPEGBuilder().exif(Self.fullBlock(bigEndian: bigEndian)).frame(width: 40, height: 30).scan().bytes
        let header = try ImageHeader.read(from: jpeg)
        #expect(header.metadata == Self.expected)
        #expect(header.orientation == .right)
        #expect(header.displaySize == PixelSize(width: 30, height: 40))
    }

    @Test func pngExifAndICC() throws {
        let png = PNGBuilder().ihdr(width: 40, height: 30).chunk("iCCP", Array("icc\0\0".utf8) + [0x78, 0x9C])
            .chunk("eXIf", Self.fullBlock(bigEndian: true)).imageData()
        let header = try ImageHeader.read(from: png.bytes)
        var expected = Self.expected
        expected.hasICCProfile = true
        #expect(header.metadata == expected)
        #expect(header.displaySize == PixelSize(width: 30, height: 40))
    }

    @Test(arguments: [false, true])
    func webpExifChunk(prefixed: Bool) throws {
        // VP8X with the ICC and Exif flags, an unrelated odd-sized chunk (padded), then EXIF.
        let tiff = Self.fullBlock(bigEndian: false)
        let exif = (prefixed ? Array("Exif".utf8) + [0, 0] : []) + tiff
        var body = Array("WEBP".utf8)
        body += Array("VP8X".utf8) + le32(10) + [0x28, 0, 0, 0] + le24(39) + le24(29)
        body += Array("ALPH".utf8) + le32(3) + [1, 2, 3, 0]
        body += Array("EXIF".utf8) + le32(UInt32(exif.count)) + exif + (exif.count % 2 == 1 ? [0] : [])
        let file = Array("RIFF".utf8) + le32(UInt32(body.count)) + body
        let header = try ImageHeader.read(from: file)
        #expect(header.format == .webp)
        #expect(header.storedSize == PixelSize(width: 40, height: 30))
        #expect(header.orientation == .right)
        #expect(header.displaySize == PixelSize(width: 30, height: 40))
        #expect(header.metadata?.hasICCProfile == true)
        #expect(header.metadata?.model == "EOS R5")
    }

    @Test func tiffFileMetadataAndSize() throws {
        var block = T(bigEndian: true)
        block.ifd0 = [block.long(256, 5000), block.short(257, 3000), block.short(0x0112, 8),
                      T.ascii(0x0110, "Scanner"), T.Field(tag: 0x8773, type: 7, count: 8, data: [UInt8](repeating: 1, count: 8))]
        let header = try ImageHeader.read(from: block.bytes)
        #expect(header.format == .tiff)
        #expect(header.storedSize == PixelSize(width: 5000, height: 3000))
        #expect(header.displaySize == PixelSize(width: 3000, height: 5000))
        #expect(header.metadata == ImageMetadata(model: "Scanner", hasICCProfile: true))
    }

    @Test func stringsAreCleanedAndCapped() throws {
        var block = T()
        let long = [UInt8](repeating: 0x41, count: 10_000)
        block.ifd0 = [T.ascii(0x010E, [0x20, 0x41, 0x09, 0x42, 0x0A, 0x1B, 0x43, 0xFF, 0x44, 0x20]),
                      T.ascii(0x013B, Array("A\u{202E}B".utf8)), T.ascii(0x8298, long),
                      T.ascii(0x010F, "   "), T.ascii(0x0110, [0x4D, 0x00, 0x4E])]
        let jpeg = JPEGBuilder().exif(block.bytes).frame(width: 4, height: 3).scan().bytes
        let metadata = try #require(try ImageHeader.read(from: jpeg).metadata)
        // Tab and line feed become spaces; ESC is removed.
        #expect(metadata.imageDescription == "A B C\u{FFFD}D")
        #expect(metadata.artist == "AB")
        #expect(metadata.copyright?.count == ImageMetadata.maxStringLength)
        #expect(metadata.make == nil)
        #expect(metadata.model == "M")
    }

    @Test func exifIFDLoopEnds() throws {
        var block = T()
        block.ifd0 = [T.ascii(0x0110, "Loop")]
        block.exifPointsAtIFD0 = true
        let jpeg = JPEGBuilder().exif(block.bytes).frame(width: 4, height: 3).scan().bytes
        let header = try ImageHeader.read(from: jpeg)
        #expect(header.metadata == ImageMetadata(model: "Loop"))
    }

    @Test func emptyGPSIFDIsNotGPS() throws {
        var block = T()
        block.gps = []
        block.ifd0 = [block.long(0x8825, 8 + 2 + 12 + 4)]
        let bytes = block.bytes + [0, 0, 0, 0, 0, 0]
        let jpeg = JPEGBuilder().exif(bytes).frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata == nil)
    }

    @Test func jpegICCProfileSegment() throws {
        let jpeg = JPEGBuilder().segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0, count: 128))
            .frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata == ImageMetadata(hasICCProfile: true))
    }

    @Test func noMetadataIsNil() throws {
        let jpeg = JPEGBuilder().frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata == nil)
    }

    @Test func heifExifItemGivesMetadataButNotOrientation() throws {
        typealias B = BoxBuilder
        let tiff = Self.fullBlock(bigEndian: false)
        let exifPayload = B.be32(6) + Array("Exif".utf8) + [0, 0] + tiff
        let meta = { (exifOffset: UInt32) -> [UInt8] in
            let iinf = B.fullBox("iinf", B.be16(2) + B.infe(id: 1, type: "hvc1") + B.infe(id: 2, type: "Exif"))
            let iloc = B.fullBox("iloc", [0x44, 0x00] + B.be16(1) + B.be16(2) + B.be16(0) + B.be16(1)
                + B.be32(exifOffset) + B.be32(UInt32(exifPayload.count)))
            let iprp = B.box("iprp", B.box("ipco", B.ispe(400, 300)) + B.ipma([(1, [(1, true)])]))
            return B.fullBox("meta", B.fullBox("pitm", B.be16(1)) + iinf + iloc + iprp)
        }
        let head = B.ftyp("heic")
        let metaLength = meta(0).count
        let mdatPayloadStart = head.count + metaLength + 8
        let file = head + meta(UInt32(mdatPayloadStart)) + B.box("mdat", exifPayload)
        let header = try ImageHeader.read(from: file)
        #expect(header.storedSize == PixelSize(width: 400, height: 300))
        #expect(header.orientationSource == .none)
        #expect(header.metadata == Self.expected)
    }

    func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    func le24(_ value: UInt32) -> [UInt8] { Array(le32(value).prefix(3)) }
}
