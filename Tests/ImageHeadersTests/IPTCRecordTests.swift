import Testing
@testable import ImageHeaders

/// IPTC-IIM in JPEG APP13 Photoshop resources and in TIFF tag 33723.
@Suite struct IPTCRecordTests {
    static func dataset(_ record: UInt8, _ number: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0x1C, record, number, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
    }

    static func dataset(_ number: UInt8, _ text: String) -> [UInt8] {
        dataset(2, number, Array(text.utf8))
    }

    static func resource(_ id: UInt16, _ data: [UInt8], name: [UInt8] = []) -> [UInt8] {
        var out = Array("8BIM".utf8) + [UInt8(id >> 8), UInt8(id & 0xFF)]
        out += [UInt8(name.count)] + name + ((1 + name.count) % 2 == 1 ? [0] : [])
        out += [UInt8(data.count >> 24), UInt8((data.count >> 16) & 0xFF), UInt8((data.count >> 8) & 0xFF), UInt8(data.count & 0xFF)]
        return out + data + (data.count % 2 == 1 ? [0] : [])
    }

    static func jpeg(_ resources: [UInt8]) -> [UInt8] {
        JPEGBuilder().segment(0xED, PhotoshopResources.app13Identifier + resources).frame(width: 4, height: 3).scan().bytes
    }

    static let utf8Record: [UInt8] = dataset(1, 90, [0x1B, 0x25, 0x47]) + dataset(5, "Hafen") + dataset(25, "harbour")
        + dataset(25, "dawn") + dataset(80, "Ada") + dataset(105, "Headline") + dataset(120, "Boats\nat dawn")
        + dataset(116, "© Ada") + dataset(90, "Kiel") + dataset(92, "Kai 3") + dataset(95, "SH")
        + dataset(100, "DEU") + dataset(101, "Deutschland")

    static let expected = IPTCRecord(
        objectName: "Hafen", headline: "Headline", caption: "Boats at dawn", keywords: ["harbour", "dawn"],
        byline: ["Ada"], copyrightNotice: "© Ada", city: "Kiel", subLocation: "Kai 3", provinceState: "SH",
        country: "Deutschland", countryCode: "DEU")

    @Test func jpegAPP13IsRead() throws {
        // A thumbnail resource with an odd-length name comes first.
        let resources = Self.resource(0x0409, [1, 2, 3], name: Array("th".utf8)) + Self.resource(0x0404, Self.utf8Record)
        let metadata = try #require(try ImageHeader.read(from: Self.jpeg(resources)).metadata)
        #expect(metadata.iptc == Self.expected)
        #expect(metadata.iptc?.hasLocation == true)
    }

    @Test(arguments: [
        // Latin-1 without a charset: é is 0xE9.
        ([0x43, 0x61, 0x66, 0xE9], "Café"),
        // Valid UTF-8 without a charset is read as UTF-8.
        (Array("Café".utf8), "Café"),
        ([0x41, 0x00, 0x42], "A"),
    ] as [([UInt8], String)])
    func charsetFallback(bytes: [UInt8], text: String) throws {
        let record = IPTCRecord(iimBytes: Self.dataset(2, 120, bytes))
        #expect(record?.caption == text)
    }

    @Test func extendedLengthIsRead() {
        let text = [UInt8](repeating: 0x41, count: 300)
        let iim: [UInt8] = [0x1C, 2, 120, 0x80, 0x02, 0x01, 0x2C] + text
        #expect(IPTCRecord(iimBytes: iim)?.caption == String(repeating: "A", count: 300))
    }

    @Test(arguments: [
        [0x1C, 2, 5, 0x00, 0x10, 0x41],                 // runs past the end
        [0x1C, 2, 5, 0x80, 0x09, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], // 9 length bytes
        [0x1C, 2, 5, 0x80, 0x02, 0xFF],                 // extended length cut off
    ] as [[UInt8]])
    func malformedDatasetKeepsWhatCameBefore(tail: [UInt8]) {
        #expect(IPTCRecord(iimBytes: Self.dataset(25, "kept") + tail) == IPTCRecord(keywords: ["kept"]))
        #expect(IPTCRecord(iimBytes: tail) == nil)
    }

    @Test(arguments: [
        Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],  // size past the end
        Array("8BIM".utf8) + [0x04],                                      // header cut off
        Array("8BIX".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 5],              // unknown signature
    ] as [[UInt8]])
    func malformedResourcesReadAsAbsentButTheImageReads(resources: [UInt8]) throws {
        let header = try ImageHeader.read(from: Self.jpeg(resources))
        #expect(header.storedSize == PixelSize(width: 4, height: 3))
        #expect(header.metadata == nil)
    }

    @Test func tiffTag33723IsRead() throws {
        var block = TIFFBlockBuilder()
        let iim = Self.dataset(5, "Title") + Self.dataset(25, "k")
        block.ifd0 = [block.short(256, 5), block.short(257, 4),
                      TIFFBlockBuilder.Field(tag: 33723, type: 7, count: UInt32(iim.count), data: iim)]
        let header = try ImageHeader.read(from: block.bytes)
        #expect(header.metadata?.iptc == IPTCRecord(objectName: "Title", keywords: ["k"]))
    }
}
