import Testing
@testable import ImageHeaders

/// Whether a GIF, WebP or PNG moves, from its header bytes alone: a GIF with a
/// second image descriptor, a WebP whose `VP8X` flag is backed by an `ANIM`
/// chunk, a PNG whose `acTL` announces more than one frame.
@Suite struct AnimationDetectionTests {
    /// Fixture files and whether each is animated.
    static let fixtures: [(path: String, animated: Bool)] = [
        ("image-rs/gif/anim/any-disposal.gif", true),
        ("image-rs/gif/anim/interlaced.gif", false),  // one interlaced image, despite its folder
        ("image-rs/gif/anim/large-gif-anim-combine.gif", true),
        ("image-rs/gif/anim/large-gif-anim-full-frame-replace.gif", true),
        ("image-rs/gif/simple/sample_1.gif", false),
        ("image-rs/gif/simple/alpha_gif_a.gif", false),
        ("imagesize-py/test.gif", false),
        ("imagesize-rs/gif/test.gif", true),  // 23 frames
        ("image-rs/webp/extended_images/anim.webp", true),
        ("image-rs/webp/extended_images/lossy_alpha.webp", false),
        ("image-rs/webp/lossless_images/simple.webp", false),
        ("image-rs/png/apng/ball.png", true),
        ("image-rs/png/apng/rgba16.png", true),
        ("imagesize-rs/png/test.apng", true),
    ]

    @Test(arguments: fixtures)
    func fixtureAnimation(_ fixture: (path: String, animated: Bool)) throws {
        let header = try ImageHeader.read(from: Fixtures.bytes(fixture.path))
        #expect(header.isAnimated == fixture.animated, "\(fixture.path)")
    }

    /// A GIF of `images` one-pixel images, each after a comment extension,
    /// with a first image whose data runs over `padding` sub-blocks.
    static func gif(images: Int, padding: Int = 0, trailer: Bool = true) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        for number in 0..<images {
            bytes += [0x21, 0xFE, 3] + Array("abc".utf8) + [0]
            bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2]
            if number == 0 { for _ in 0..<padding { bytes += [255] + Array(repeating: 0, count: 255) } }
            bytes += [2, 0x44, 0x01, 0]
        }
        return bytes + (trailer ? [0x3B] : [])
    }

    @Test(arguments: [(1, 0, false), (2, 0, true), (3, 0, true), (2, 40, true), (1, 40, false)])
    func gifImagesAreCounted(images: Int, padding: Int, animated: Bool) throws {
        // 40 sub-blocks of 255 bytes put the second image past the first 4 KiB window.
        #expect(try ImageHeader.read(from: Self.gif(images: images, padding: padding)).isAnimated == animated)
    }

    @Test func aGIFCutShortIsAStill() throws {
        let cut = Array(Self.gif(images: 2, padding: 2).dropLast(30))
        #expect(try ImageHeader.read(from: cut).isAnimated == false)
        #expect(try ImageHeader.read(from: Array(Self.gif(images: 1).prefix(10))).isAnimated == false)
    }

    /// A second image beyond the walk's reach leaves the GIF a still, rather than reading on.
    @Test func theGIFWalkIsBounded() throws {
        let far = Self.gif(images: 2, padding: GIFFrameWalk.walkLimit / 256 + 1)
        #expect(try ImageHeader.read(from: far).isAnimated == false)
        #expect(try ImageHeader.read(from: far, limits: HeaderLimits(maxSegments: 2)).isAnimated == false)
    }

    @Test(arguments: [(UInt32(1), false), (2, true), (0, false)])
    func apngNeedsMoreThanOneFrame(frames: UInt32, animated: Bool) throws {
        let png = PNGBuilder().ihdr(width: 4, height: 4).chunk("acTL", PNGBuilder().be32(frames) + [0, 0, 0, 0]).imageData()
        #expect(try ImageHeader.read(from: png.bytes).isAnimated == animated)
    }

    /// A `VP8X` header with `flags`, then `chunks` (four-character code and payload).
    static func webp(flags: UInt8, chunks: [(String, [UInt8])]) -> [UInt8] {
        var body = Array("WEBP".utf8) + Array("VP8X".utf8) + [10, 0, 0, 0, flags, 0, 0, 0, 3, 0, 0, 3, 0, 0]
        for (type, payload) in chunks {
            let count = UInt32(payload.count)
            body += Array(type.utf8) + [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), 0, 0] + payload
            if payload.count % 2 == 1 { body.append(0) }
        }
        let size = UInt32(body.count)
        return Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), 0, 0] + body
    }

    @Test func webpNeedsTheFlagAndTheANIMChunk() throws {
        let anim = ("ANIM", [UInt8](repeating: 0, count: 6))
        let icc = ("ICCP", [UInt8](repeating: 7, count: 5))
        #expect(try ImageHeader.read(from: Self.webp(flags: 0x02, chunks: [anim])).isAnimated)
        #expect(try ImageHeader.read(from: Self.webp(flags: 0x22, chunks: [icc, anim])).isAnimated)
        #expect(try ImageHeader.read(from: Self.webp(flags: 0x02, chunks: [("VP8L", [0x2F, 0, 0, 0, 0])])).isAnimated == false)
        #expect(try ImageHeader.read(from: Self.webp(flags: 0x00, chunks: [anim])).isAnimated == false)
    }
}
