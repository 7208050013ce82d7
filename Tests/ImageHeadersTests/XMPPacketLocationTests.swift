import Testing
@testable import ImageHeaders

/// Where ImageHeaders finds the raw XMP packet: JPEG APP1, PNG `iTXt`, WebP
/// `XMP ` chunk, TIFF tag 700. The bytes are kept as they are (parsing is the
/// XMP module's job).
@Suite struct XMPPacketLocationTests {
    static let packet = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF/></x:xmpmeta>".utf8)
    static let xapIdentifier = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    @Test func jpegStandardXMP() throws {
        let jpeg = JPEGBuilder().segment(0xE1, Self.xapIdentifier + Self.packet).frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata?.xmpPacket == Self.packet)
    }

    @Test func jpegXMPAfterExifAndFirstOnly() throws {
        var block = TIFFBlockBuilder()
        block.ifd0 = [TIFFBlockBuilder.ascii(0x0110, "M")]
        let second = Array("<second/>".utf8)
        let jpeg = JPEGBuilder().exif(block.bytes).segment(0xE1, Self.xapIdentifier + Self.packet)
            .segment(0xE1, Self.xapIdentifier + second).frame(width: 4, height: 3).scan().bytes
        let metadata = try #require(try ImageHeader.read(from: jpeg).metadata)
        #expect(metadata.model == "M")
        #expect(metadata.xmpPacket == Self.packet)
    }

    @Test func jpegExtendedXMPIsIgnored() throws {
        let extended = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0] + Self.packet
        let jpeg = JPEGBuilder().segment(0xE1, extended).frame(width: 4, height: 3).scan().bytes
        #expect(try ImageHeader.read(from: jpeg).metadata == nil)
    }

    static func itxt(keyword: String = "XML:com.adobe.xmp", compressed: UInt8 = 0, text: [UInt8]) -> [UInt8] {
        Array(keyword.utf8) + [0, compressed, 0] + Array("en".utf8) + [0] + [0] + text
    }

    @Test func pngITXtBeforeIDAT() throws {
        let png = PNGBuilder().ihdr(width: 4, height: 3).chunk("iTXt", Self.itxt(keyword: "Comment", text: [0x41]))
            .chunk("iTXt", Self.itxt(text: Self.packet)).imageData()
        #expect(try ImageHeader.read(from: png.bytes).metadata?.xmpPacket == Self.packet)
    }

    @Test func pngCompressedOrAfterIDATIsNotRead() throws {
        let compressed = PNGBuilder().ihdr(width: 4, height: 3).chunk("iTXt", Self.itxt(compressed: 1, text: [0x78, 0x9C]))
            .imageData()
        #expect(try ImageHeader.read(from: compressed.bytes).metadata == nil)
        let late = PNGBuilder().ihdr(width: 4, height: 3).imageData().chunk("iTXt", Self.itxt(text: Self.packet))
        #expect(try ImageHeader.read(from: late.bytes).metadata == nil)
    }

    static func webp(flags: UInt8, chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8) + Array("VP8X".utf8) + le32(10) + [flags, 0, 0, 0] + [3, 0, 0, 2, 0, 0]
        for (type, data) in chunks {
            body += Array(type.utf8) + le32(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    @Test func webpXMPChunk() throws {
        let file = Self.webp(flags: 0x04, chunks: [("VP8L", [0x2F, 0, 0, 0, 0]), ("XMP ", Self.packet)])
        #expect(try ImageHeader.read(from: file).metadata?.xmpPacket == Self.packet)
    }

    @Test func webpXMPChunkWithoutFlagIsNotLookedFor() throws {
        let file = Self.webp(flags: 0, chunks: [("VP8L", [0x2F, 0, 0, 0, 0]), ("XMP ", Self.packet)])
        #expect(try ImageHeader.read(from: file).metadata == nil)
    }

    @Test func webpExifAndXMP() throws {
        var block = TIFFBlockBuilder()
        block.ifd0 = [TIFFBlockBuilder.ascii(0x0110, "M")]
        let file = Self.webp(flags: 0x0C, chunks: [("EXIF", block.bytes), ("VP8L", [0x2F, 0, 0, 0, 0]), ("XMP ", Self.packet)])
        let metadata = try #require(try ImageHeader.read(from: file).metadata)
        #expect(metadata.model == "M")
        #expect(metadata.xmpPacket == Self.packet)
    }

    @Test func tiffTag700() throws {
        var block = TIFFBlockBuilder()
        block.ifd0 = [block.short(256, 5), block.short(257, 4),
                      TIFFBlockBuilder.Field(tag: 700, type: 1, count: UInt32(Self.packet.count), data: Self.packet)]
        #expect(try ImageHeader.read(from: block.bytes).metadata?.xmpPacket == Self.packet)
    }
}
