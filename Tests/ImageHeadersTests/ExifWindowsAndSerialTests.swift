import Testing
@testable import ImageHeaders

/// Windows `XP*` tags (UTF-16LE in BYTE arrays) in IFD0 and the serial-number
/// and owner tags of the Exif IFD.
@Suite struct ExifWindowsAndSerialTests {
    typealias T = TIFFBlockBuilder

    static func utf16(_ tag: UInt16, _ text: String, terminated: Bool = true) -> T.Field {
        var bytes: [UInt8] = []
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        if terminated { bytes += [0, 0] }
        return T.Field(tag: tag, type: 1, count: UInt32(bytes.count), data: bytes)
    }

    static func metadata(_ block: T) throws -> ImageMetadata? {
        try ImageHeader.read(from: JPEGBuilder().exif(block.bytes).frame(width: 4, height: 3).scan().bytes).metadata
    }

    @Test(arguments: [true, false])
    func xpTagsAreDecoded(bigEndian: Bool) throws {
        var block = T(bigEndian: bigEndian)
        block.ifd0 = [Self.utf16(0x9C9B, "Hafen 🌅"), Self.utf16(0x9C9C, "Morgens\r\nam Kai"),
                      Self.utf16(0x9C9E, "harbour; dawn;;boats"), Self.utf16(0x9C9F, "Thema", terminated: false)]
        let metadata = try #require(try Self.metadata(block))
        #expect(metadata.xpTitle == "Hafen 🌅")
        #expect(metadata.xpComment == "Morgens am Kai")
        #expect(metadata.xpKeywords == ["harbour", "dawn", "boats"])
        #expect(metadata.xpSubject == "Thema")
    }

    @Test func xpTagOfWrongTypeIsIgnored() throws {
        var block = T()
        var field = Self.utf16(0x9C9B, "Title")
        field.type = 3
        field.count /= 2
        block.ifd0 = [field, T.ascii(0x0110, "M")]
        #expect(try Self.metadata(block) == ImageMetadata(model: "M"))
    }

    @Test(arguments: [true, false])
    func serialsAndOwnerAreRead(bigEndian: Bool) throws {
        var block = T(bigEndian: bigEndian)
        block.ifd0 = [T.ascii(0x0110, "EOS R5")]
        block.exif = [T.ascii(0xA430, "Ada Lovelace"), T.ascii(0xA431, "012345678901"), T.ascii(0xA435, "LENS-42")]
        block.gps = [block.short(0x0000, 2)]
        let metadata = try #require(try Self.metadata(block))
        #expect(metadata == ImageMetadata(model: "EOS R5", bodySerialNumber: "012345678901", lensSerialNumber: "LENS-42",
                                          cameraOwnerName: "Ada Lovelace", hasGPS: true))
    }
}
