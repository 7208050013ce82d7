import Testing
import ImageHeaders
@testable import Thumbnails

/// Originals of animations without their metadata: a GIF keeps its frames,
/// timing and looping but loses comments and private application blocks; a
/// WebP keeps its image and animation chunks but loses EXIF and XMP, and
/// their `VP8X` flags.
@Suite struct AnimationStripperTests {
    /// Header, a 2-colour global table, then `blocks`, then the trailer.
    static func gif(_ blocks: [UInt8], trailer: Bool = true) -> [UInt8] {
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255] + blocks + (trailer ? [0x3B] : [])
    }
    static let netscape: [UInt8] = [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    static let xmp: [UInt8] = [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + [5] + Array("<gps>".utf8) + [0]
    static let comment: [UInt8] = [0x21, 0xFE, 6] + Array("secret".utf8) + [0]
    static let control: [UInt8] = [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
    static let image: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]

    @Test func gifKeepsPicturesAndLoopingOnly() throws {
        let original = Self.gif(Self.netscape + Self.xmp + Self.comment + Self.control + Self.image + Self.control + Self.image)
        let stripped = try #require(GIFMetadataStripper.strip(original))
        #expect(stripped == Self.gif(Self.netscape + Self.control + Self.image + Self.control + Self.image))
        #expect(try ImageHeader.read(from: stripped).isAnimated)
    }

    @Test func aCutGIFKeepsItsWholeBlocksAndGetsATrailer() throws {
        let cut = Self.gif(Self.control + Self.image + Self.comment + Array(Self.image.prefix(12)), trailer: false)
        #expect(GIFMetadataStripper.strip(cut) == Self.gif(Self.control + Self.image))
        #expect(GIFMetadataStripper.strip(Array("GIF89a".utf8)) == nil)
        #expect(GIFMetadataStripper.strip(Array("not a gif at all".utf8)) == nil)
    }

    /// A RIFF WebP of `VP8X` with `flags` and `chunks`.
    static func webp(flags: UInt8, _ chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8) + Array("VP8X".utf8) + [10, 0, 0, 0, flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        for (type, payload) in chunks {
            body += Array(type.utf8) + [UInt8(payload.count), 0, 0, 0] + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        return Array("RIFF".utf8) + [UInt8(body.count & 0xFF), UInt8(body.count >> 8), 0, 0] + body
    }

    @Test func webpLosesExifAndXMPAndTheirFlags() throws {
        let anim = ("ANIM", [UInt8](repeating: 0, count: 6)), frame = ("ANMF", [UInt8](repeating: 1, count: 17))
        let original = Self.webp(flags: 0x02 | 0x08 | 0x04 | 0x20,
                                 [("ICCP", [7, 7, 7]), anim, frame, ("EXIF", [1, 2, 3, 4]), ("XMP ", Array("<gps/>".utf8)),
                                  ("ABCD", [9])])
        let stripped = try #require(WebPMetadataStripper.strip(original))
        #expect(stripped == Self.webp(flags: 0x02 | 0x20, [("ICCP", [7, 7, 7]), anim, frame]))
        #expect(WebPMetadataStripper.strip(Array("RIFF....WAVE".utf8) + [UInt8](repeating: 0, count: 12)) == nil)
    }
}
