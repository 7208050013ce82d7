import Testing
@testable import ImageHeaders

/// Hand-built inputs for the formats without their own suite.
@Suite struct OtherFormatTests {
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    static func be32(_ v: UInt32) -> [UInt8] { le32(v).reversed() }

    static func read(_ bytes: [UInt8]) throws -> ImageHeader { try ImageHeader.read(from: bytes) }

    @Test func qoi() throws {
        let header = try Self.read(Array("qoif".utf8) + Self.be32(640) + Self.be32(480) + [4, 0] + [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(header.format == .qoi)
        #expect(header.storedSize == PixelSize(width: 640, height: 480))
        #expect(throws: HeaderError.self) { try Self.read(Array("qoif".utf8) + Self.be32(1) + Self.be32(1) + [5, 0]) }
        #expect(throws: HeaderError.self) { try Self.read(Array("qoif".utf8) + Self.be32(0) + Self.be32(1) + [3, 0]) }
    }

    @Test(arguments: [
        ("P5 24 7 15\n", 24, 7), ("P6\n# comment\n  3 # another\n 2\n255\n", 3, 2), ("P1\n1 9\n", 1, 9),
        ("P7\nWIDTH 12\nHEIGHT 34\nDEPTH 3\nMAXVAL 255\nTUPLTYPE RGB\nENDHDR\n", 12, 34), ("Pf\n5 6\n-1.0\n", 5, 6),
    ])
    func pnm(text: String, width: Int, height: Int) throws {
        let header = try Self.read(Array(text.utf8) + [0, 0, 0])
        #expect(header.format == .pnm)
        #expect(header.storedSize == PixelSize(width: width, height: height))
    }

    @Test(arguments: ["P5 24\n", "P5 x 7\n", "P5 99999999999 7 ", "P7\nWIDTH 3\nENDHDR\n", "P3 0 5 1\n"])
    func badPNM(text: String) {
        #expect(throws: HeaderError.self) { try Self.read(Array(text.utf8)) }
    }

    @Test(arguments: [
        (#"<svg width="10" height="20"/>"#, 10, 20),
        (#"<?xml version="1.0"?><!-- c --><!DOCTYPE svg [<!ENTITY x "y">]><svg height='2in' width='1cm'>"#, 38, 192),
        (#"<svg viewBox="0,0,300,150" width="50%">"#, 300, 150),
        (#"<svg viewBox="0 0 300 150" height="50">"#, 100, 50),
        (#"<svg viewBox="0 0 300 150" width="60pt">"#, 80, 40),
        (#"<svg width="1.5em" height="3ex" stroke-width="9">"#, 24, 24),
        (#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="7" height="8">"#, 7, 8),
    ])
    func svg(text: String, width: Int, height: Int) throws {
        let header = try Self.read(Array(text.utf8))
        #expect(header.format == .svg)
        #expect(header.storedSize == PixelSize(width: width, height: height))
    }

    @Test(arguments: [
        #"<svg width="10">"#, #"<svg width=10 height=10>"#, #"<svg width="1" height="2" onload='<x'>"#,
        #"<html width="1" height="2">"#, #"<svg width="-5" height="5">"#, #"<svg viewBox="0 0 0 5">"#,
        #"<svg width="1e400" height="1">"#, "<!-- never closed", #"<svg width="1" height="2""#,
    ])
    func badSVG(text: String) {
        #expect(throws: HeaderError.self) { try Self.read(Array(text.utf8)) }
    }

    /// A type-2 TGA starts `00 00 02 00` like a cursor; the directory check fails and TGA wins.
    @Test func tgaThatLooksLikeACursor() throws {
        var tga: [UInt8] = [0, 0, 2, 0, 0, 0, 0, 0] + Self.le16(0) + Self.le16(0) + Self.le16(75) + Self.le16(70) + [24, 0x20]
        tga += [UInt8](repeating: 0x80, count: 75 * 70 * 3)
        let header = try Self.read(tga)
        #expect(header.format == .tga)
        #expect(header.storedSize == PixelSize(width: 75, height: 70))
    }

    @Test(arguments: [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 8, 0],      // image type 0
        [0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0],     // colour-map type 5
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 7, 0],      // depth 7
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 24, 0],     // width 0
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 8, 0],      // colour-mapped without a map
    ] as [[UInt8]])
    func implausibleTGAHeadersAreNotImages(header: [UInt8]) {
        #expect(throws: HeaderError(offset: 0, reason: .unknownFormat)) { try Self.read(header + [0, 0, 0, 0]) }
    }

    /// The embedded PNG's IHDR wins over the directory (which says 16x16).
    @Test func iconPrefersEmbeddedPNG() throws {
        let png = PNGBuilder().ihdr(width: 300, height: 200).imageData().bytes
        let cursor = [0, 0, 2, 0] + Self.le16(1) + [16, 16, 0, 0] + Self.le16(1) + Self.le16(1)
            + Self.le32(UInt32(png.count)) + Self.le32(22) + png
        let header = try Self.read(cursor)
        #expect(header.format == .cur)
        #expect(header.storedSize == PixelSize(width: 300, height: 200))
    }

    @Test func iconDIBHeightCountsTheMaskTwice() throws {
        let dib = Self.le32(40) + Self.le32(48) + Self.le32(96) + [UInt8](repeating: 0, count: 28)
        let icon = [0, 0, 1, 0] + Self.le16(2)
            + [16, 16, 0, 0, 1, 0, 32, 0] + Self.le32(40) + Self.le32(38)
            + [0, 0, 0, 0, 1, 0, 32, 0] + Self.le32(40) + Self.le32(78) + dib + dib
        let header = try Self.read(icon)
        #expect(header.format == .ico)
        #expect(header.storedSize == PixelSize(width: 48, height: 48))
    }

    @Test(arguments: [(Int32(-6), 6), (7, 7)])
    func bmpHeight(height: Int32, expected: Int) throws {
        let bmp = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + Self.le32(40) + Self.le32(5)
            + Self.le32(UInt32(bitPattern: height)) + [UInt8](repeating: 0, count: 40)
        #expect(try Self.read(bmp).storedSize == PixelSize(width: 5, height: expected))
    }

    @Test(arguments: [Int32.min, Int32(0)])
    func bmpBadHeights(height: Int32) {
        let bmp = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + Self.le32(40) + Self.le32(5)
            + Self.le32(UInt32(bitPattern: height)) + [UInt8](repeating: 0, count: 40)
        #expect(throws: HeaderError.self) { try Self.read(bmp) }
    }

    @Test func gifZeroScreenIsAnError() throws {
        #expect(throws: HeaderError.self) { try Self.read(Array("GIF89a".utf8) + [0, 0, 5, 0, 0, 0, 0]) }
        #expect(try Self.read(Array("GIF87a".utf8) + [3, 1, 5, 0, 0, 0, 0]).storedSize == PixelSize(width: 259, height: 5))
    }

    @Test func j2kCodestream() throws {
        let siz = [0xFF, 0x4F, 0xFF, 0x51] + [0, 41, 0, 0] + Self.be32(1000) + Self.be32(800) + Self.be32(10) + Self.be32(20)
        let header = try Self.read(siz + [UInt8](repeating: 0, count: 30))
        #expect(header.format == .jp2)
        #expect(header.storedSize == PixelSize(width: 990, height: 780))
    }

    @Test func psdAndDDS() throws {
        let psd = Array("8BPS".utf8) + [0, 1] + [UInt8](repeating: 0, count: 8) + Self.be32(300) + Self.be32(400) + [0, 8, 0, 3]
            + Self.be32(0) + Self.be32(0)
        #expect(try Self.read(psd).storedSize == PixelSize(width: 400, height: 300))
        let dds = Array("DDS ".utf8) + Self.le32(124) + Self.le32(0) + Self.le32(67) + Self.le32(100) + [UInt8](repeating: 0, count: 108)
        #expect(try Self.read(dds).storedSize == PixelSize(width: 100, height: 67))
    }

    @Test func tiffIFDOffsetsAndCountsAreChecked() throws {
        // IFD0 offset past the end, inside the header, and a count beyond the data.
        for offset: UInt32 in [0xFFFF_FFF8, 4, 100_000] {
            let tiff = [0x49, 0x49, 0x2A, 0x00] + Self.le32(offset) + [UInt8](repeating: 0, count: 32)
            #expect(throws: HeaderError.self) { try Self.read(tiff) }
        }
        let hostileCount = [0x49, 0x49, 0x2A, 0x00] + Self.le32(8) + Self.le16(0xFFFF) + [UInt8](repeating: 0, count: 30)
        #expect(throws: HeaderError.self) { try Self.read(hostileCount) }
    }

    @Test func bigTIFF() throws {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2B, 0x00, 0x08, 0x00, 0x00] + [0, 0, 0, 0, 0, 0, 0, 16]
        tiff += [0, 0, 0, 0, 0, 0, 0, 2]
        tiff += [0x01, 0x00, 0x00, 0x10] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 1, 0, 0]  // width LONG8 65536
        tiff += [0x01, 0x01, 0x00, 0x03] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 9, 0, 0, 0, 0, 0, 0]   // height SHORT 9
        tiff += [UInt8](repeating: 0, count: 8)
        let header = try Self.read(tiff)
        #expect(header.format == .tiff)
        #expect(header.storedSize == PixelSize(width: 65536, height: 9))
    }

    @Test(arguments: [
        ("imagesize-rs/jxl/valid_orientation4.jxl", 1386, 924, 5),
        ("imagesize-rs/jxl/valid_box_jxlp.jxl", 256, 256, 1),
        ("imagesize-rs/jxl/valid_18w_9h.jxl", 65536, 1, 1),
        ("image-size/valid/jxl-stream/large_16_9.jxl", 1920, 1080, 1),
    ])
    func jpegXL(path: String, width: Int, height: Int, orientation: UInt8) throws {
        let header = try ImageHeader.read(from: Fixtures.bytes(path))
        #expect(header.format == .jxl)
        #expect(header.storedSize == PixelSize(width: width, height: height))
        #expect(header.orientation.rawValue == orientation)
        #expect(header.orientationSource == .jxlCodestream)
    }

    /// A WebP with EXIF orientation 6 and a non-square canvas: the display size swaps.
    @Test func webpOrientationSwapsANonSquareCanvas() throws {
        var block = TIFFBlockBuilder()
        block.ifd0 = [block.short(0x0112, 6)]
        let exif = block.bytes
        var body = Array("WEBP".utf8) + Array("VP8X".utf8) + Self.le32(10) + [0x08, 0, 0, 0] + [199, 0, 0, 99, 0, 0]
        body += Array("EXIF".utf8) + Self.le32(UInt32(exif.count)) + exif
        let header = try Self.read(Array("RIFF".utf8) + Self.le32(UInt32(body.count)) + body)
        #expect(header.displaySize == PixelSize(width: 100, height: 200))
    }
}
