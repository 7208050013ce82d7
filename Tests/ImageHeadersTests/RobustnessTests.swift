import Testing
@testable import ImageHeaders
import SeededRandom

/// Mini-fuzzing in plain `swift test`: every prefix and thousands of
/// deterministic mutations of a few seeds must end in a result or a typed
/// error, never a trap or a hang.
@Suite struct RobustnessTests {
    /// Small real files covering Exif II/MM, arithmetic coding, eXIf, CgBI, APNG,
    /// interlacing, and one or more of every other format (HEIF `mini`, late and
    /// size-0 `meta`, JXL `jxlp`, BigTIFF, …), plus a hand-built JPEG with fill
    /// bytes and stray data.
    static let seeds: [String] = [
        "probe-image-size/Exif5-1.5x.jpg",
        "image-size/valid/jpg/1x2-flipped-big-endian.jpg",
        "libjpeg-turbo/testimgari.jpg",
        "image-png-tests/bugfixes/F-exif-chunk-early.png",
        "image-size/valid/png/sample_fried.png",
        "image-rs/png/apng/rgba16.png",
        "pngsuite/pngsuite/basi6a16.png",
        "image-rs/gif/simple/alpha_gif_a.gif",
        "imagesize-py/test_vp8x.webp",
        "image-rs/webp/lossy_images/simple-rgb.webp",
        "image-rs/webp/lossless_images/2-color.webp",
        "image-rs/bmp/images/V5_A8_R8_G8_B8_Rgb.bmp",
        "image-rs/bmp/images/pal8os2sp.bmp",
        "image-rs/tiff/testsuite/l1.tiff",
        "imagesize-rs/tif/test_bif.tif",
        "libavif/clop_irot_imor.avif",
        "image-size/valid/heif/sample.heic",
        "libheif/corpus/avif32-mini.heif",
        "libavif/draw_points_idat_metasize0.avif",
        "libavif/paris_icc_exif_xmp.avif",
        "imagesize-rs/jxl/valid_box_jxlp.jxl",
        "image-size/valid/jxl-stream/large_explicit.jxl",
        "imagesize-rs/jxl/valid_orientation4.jxl",
        "image-size/valid/svg/viewbox-height.svg",
        "image-size/valid/cur/sample.cur",
        "image-rs/ico/images/png-32bpp-alpha.ico",
        "imagesize-rs/pnm/P6/pbmlib.ppm",
        "imagesize-rs/pnm/P2/feep.ascii.pgm",
        "imagesize-rs/tga/test.tga",
        "imagesize-rs/dds/test.dds",
        "probe-image-size/empty.psd",
        "image-size/valid/jp2/sample.jp2",
    ]

    static func seedBytes(_ name: String) throws -> [UInt8] {
        if name == "hand-built" {
            var exif = ExifBuilder(bigEndian: false)
            exif.ifd0 = [exif.short(0x0112, 6)]
            exif.ifd1 = [exif.short(0x0112, 8)]
            return JPEGBuilder().raw([0xFF, 0xFF]).exif(exif.bytes).raw([0, 0xFF, 0x00, 0xFF, 0xD0])
                .frame(0xC9, width: 33, height: 44).scan().bytes
        }
        return try Fixtures.bytes(name)
    }

    /// Results that escape a parser must still be sane.
    static func checkInvariants(_ header: ImageHeader) {
        #expect((1...0x7FFF_FFFF).contains(header.storedSize.width))
        #expect((1...0x7FFF_FFFF).contains(header.storedSize.height))
        if header.format == .jpeg {
            #expect(header.storedSize.width <= 0xFFFF && header.storedSize.height <= 0xFFFF)
        }
    }

    @Test(arguments: seeds + ["hand-built"])
    func everyPrefixEndsInAResultOrAnError(seed: String) throws {
        let bytes = try Self.seedBytes(seed)
        let full = try ImageHeader.read(from: bytes)
        // Prefixes beyond the header region all read alike; stop a little after it.
        let limit = min(bytes.count, 6000)
        var errors = 0
        for length in 0...limit {
            do {
                let header = try ImageHeader.read(from: PrefixSource(base: bytes, length: length))
                Self.checkInvariants(header)
                #expect(header.storedSize == full.storedSize)
            } catch {
                errors += 1
            }
        }
        #expect(errors > 0)
    }

    @Test(arguments: seeds + ["hand-built"])
    func mutationsEndInAResultOrAnError(seed: String) throws {
        let original = Array(try Self.seedBytes(seed).prefix(8192))
        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: original.count) &* 0x9E37_79B9)
        let interesting: [UInt8] = [0x00, 0x01, 0x02, 0x7F, 0x80, 0xFE, 0xFF, 0xD8, 0xD9, 0xDA, 0xC0, 0xE1]
        // Most fields live near the start; bias mutations there.
        let region = min(original.count, 1024)
        var outcomes = (results: 0, errors: 0)
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let position = Int(random.next() % UInt64(min(region, bytes.count)))
                switch random.next() % 5 {
                case 0: bytes[position] ^= UInt8(1 << (random.next() % 8))
                case 1: bytes[position] = interesting[Int(random.next() % UInt64(interesting.count))]
                case 2: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                case 3: bytes.insert(0xFF, at: position)
                default: bytes.remove(at: position)
                }
            }
            do {
                Self.checkInvariants(try ImageHeader.read(from: bytes))
                outcomes.results += 1
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.results + outcomes.errors == 3000)
        #expect(outcomes.results > 0)
    }
}

/// The first `length` bytes of a shared array, without copying it per prefix.
struct PrefixSource: ByteSource {
    let base: [UInt8]
    let length: Int

    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, offset < length, count > 0 else { return [] }
        return base.bytes(at: offset, count: min(count, length - offset))
    }
}

