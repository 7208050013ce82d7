import Foundation
import Testing
@testable import Thumbnails
import ImageHeaders

@Suite struct PNGStripperTests {
    /// A chunk with its CRC, so libpng takes it.
    static func chunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] {
            [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body[...]))
    }

    static func png(_ types: [String]) -> [UInt8] {
        PNGChunks.signature + types.flatMap { chunk($0, Array("data of \($0)".utf8)) }
    }

    @Test(arguments: [
        (["IHDR", "tEXt", "iCCP", "zTXt", "iTXt", "tIME", "eXIf", "IDAT", "IEND"], ["IHDR", "iCCP", "IDAT", "IEND"]),
        (["IHDR", "PLTE", "tRNS", "IDAT", "IDAT", "tEXt", "IEND"], ["IHDR", "PLTE", "tRNS", "IDAT", "IDAT", "IEND"]),
        (["IHDR", "IDAT", "IEND"], ["IHDR", "IDAT", "IEND"]),
    ])
    func dropsMetadataChunksKeepsTheRest(input: [String], kept: [String]) throws {
        let stripped = try #require(PNGMetadataStripper.strip(Self.png(input)))
        #expect(stripped == Self.png(kept))
    }

    @Test func bytesAfterIENDAreDropped() {
        #expect(PNGMetadataStripper.strip(Self.png(["IHDR", "IEND"]) + Array("appended".utf8)) == Self.png(["IHDR", "IEND"]))
    }

    @Test(arguments: [
        ("no IEND", png(["IHDR", "IDAT"])),
        ("truncated chunk", Array(png(["IHDR", "IDAT", "IEND"]).dropLast(3))),
        ("not a PNG", [0xFF, 0xD8, 0xFF, 0xD9]),
        ("empty", []),
        ("hostile length", PNGChunks.signature + [0xFF, 0xFF, 0xFF, 0xFF] + Array("tEXt".utf8)),
    ] as [(String, [UInt8])])
    func malformedInputGivesNil(label: String, bytes: [UInt8]) {
        #expect(PNGMetadataStripper.strip(bytes) == nil, "\(label)")
    }

    /// Real files keep their pixels, lose every metadata chunk, and strip to themselves again.
    @Test(arguments: ["pngsuite/basn6a08.png", "pngsuite/basn0g16.png", "pngsuite/tbrn2c08.png"])
    func realFilesKeepTheirPixels(path: String) throws {
        var original = try TestSupport.fixture(path)
        // Add every removed chunk type after IHDR.
        let metadata = ["tEXt", "zTXt", "iTXt", "tIME", "eXIf"].flatMap { Self.chunk($0, Array("GPS 51.5 N".utf8)) }
        original.insert(contentsOf: metadata, at: 33)
        let stripped = try #require(PNGMetadataStripper.strip(original))
        #expect(!String(decoding: stripped, as: UTF8.self).contains("GPS"))
        #expect(try ImageDecoder.decode(stripped).pixels == (try ImageDecoder.decode(original).pixels))
        #expect(PNGMetadataStripper.strip(stripped) == stripped)
    }
}
