import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Thumbnails

/// A big 16-bit PNG decodes within 4 bytes per pixel (8-bit RGBA, decoded
/// straight into the buffer the pixels are returned in), or is refused by
/// the megapixel limit before any pixel memory. Serialized: peak RSS is the
/// process's, so the decodes must not overlap — and nothing else may run
/// beside them, so the suite runs on its own (`scripts/memory-tests.sh`,
/// which CI runs after the whole suite), not inside a parallel `swift test`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["CASCADE_MEMORY_TESTS"] == "1",
                             "peak memory is per process: run alone with scripts/memory-tests.sh"))
struct PNGMemoryTests {
    /// 6000×6000 16-bit RGBA, all zero: 288 MB of samples in a 1.8 MB file.
    static let width = 6000, height = 6000
    static let png = BigPNG.zeroRGBA16(width: width, height: height)

    @Test func bigSixteenBitPNGDecodesWithinFourBytesPerPixel() throws {
        let png = Self.png
        #expect(png.count < 2_000_000)
        let before = ProcessMemory.resetPeak()
        let image = try ImageDecoder.decode(png)
        let grownKiB = ProcessMemory.kiB("VmHWM") - before
        #expect(image.pixels.width == Self.width && image.pixels.height == Self.height && image.pixels.channels == 4)
        // 36 MP × 4 bytes = 144 MB is the pixel buffer itself; a second copy
        // (the C buffer copied into Swift's, as before) would be 288 MB.
        let pixels = Self.width * Self.height
        #expect(grownKiB * 1024 < pixels * 5, "peak grew \(grownKiB) KiB for \(pixels) pixels")
    }

    @Test func opaqueRGBAPNGRenditionsStayWithinFourBytesPerPixel() throws {
        let png = BigPNG.whiteRGBA16(width: Self.width, height: Self.height)
        let before = ProcessMemory.resetPeak()
        let renditions = try RenditionMaker().make(RenditionRequest(widths: [320]), from: png)
        let grownKiB = ProcessMemory.kiB("VmHWM") - before
        // Opaque, so the alpha channel is dropped: in place, not into a second, 3-byte buffer.
        #expect(renditions.map(\.format) == [.jpeg])
        let pixels = Self.width * Self.height
        #expect(grownKiB * 1024 < pixels * 5, "peak grew \(grownKiB) KiB for \(pixels) pixels")
    }

    @Test(arguments: [35_999_999, 1_000_000])
    func megapixelLimitAppliesBeforeDecoding(limit: Int) throws {
        let png = Self.png
        let before = ProcessMemory.resetPeak()
        #expect(throws: ThumbnailError.pixelLimit(width: Self.width, height: Self.height, limit: limit)) {
            try ImageDecoder.decode(png, limits: DecodeLimits(maxPixels: limit))
        }
        #expect(ProcessMemory.kiB("VmHWM") - before < 16 * 1024)
    }
}

/// This process's resident memory from /proc/self/status (Linux).
enum ProcessMemory {
    /// A field of /proc/self/status in KiB (`VmRSS`, `VmHWM`); 0 if absent.
    static func kiB(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// Resets the peak (`VmHWM`) to the current RSS (writing 5 to
    /// /proc/self/clear_refs) and returns that RSS, so `VmHWM` minus it is
    /// the growth from here on — not hidden by an earlier, higher peak.
    static func resetPeak() -> Int {
        if let file = fopen("/proc/self/clear_refs", "w") {
            fputs("5", file)
            fclose(file)
        }
        return kiB("VmRSS")
    }
}

/// Builds large uniform PNGs without zlib: a fixed-Huffman deflate stream of
/// one literal zero and then length-258, distance-1 copies (13 bits per 258
/// bytes), and the Adler-32 of all zeros, which is `(n mod 65521) << 16 | 1`.
enum BigPNG {
    static func zeroRGBA16(width: Int, height: Int) -> [UInt8] {
        let total = height * (1 + width * 8)
        var bits = BitWriter()
        bits.write(0b011, count: 3) // BFINAL = 1, BTYPE = 01 (fixed Huffman), LSB first
        bits.writeCode(0b0011_0000, count: 8) // literal 0
        var left = total - 1
        while left >= 258 {
            bits.writeCode(0b1100_0101, count: 8) // length code 285 = 258
            bits.writeCode(0, count: 5) // distance code 0 = 1
            left -= 258
        }
        for _ in 0..<left { bits.writeCode(0b0011_0000, count: 8) }
        bits.writeCode(0, count: 7) // end of block (256)
        let adler = UInt32(total % 65521) << 16 | 1
        let zlib = [0x78, 0x01] + bits.finished + bigEndian(adler)

        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [16, 6, 0, 0, 0] // 16-bit RGBA, deflate, adaptive filter, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// 6000×6000-style 16-bit RGBA, all 0xFFFF (opaque white): row 0 unfiltered,
    /// the others with the Up filter (all zero after the filter byte).
    static func whiteRGBA16(width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 8
        var bits = BitWriter()
        bits.write(0b011, count: 3)
        var adler = Adler32()
        func run(_ value: UInt8, _ count: Int) {
            // One literal, then distance-1 copies; a tail under 3 bytes as literals.
            bits.writeLiteral(value)
            var left = count - 1
            while left >= 258 {
                bits.writeCode(0b1100_0101, count: 8)
                bits.writeCode(0, count: 5)
                left -= 258
            }
            for _ in 0..<left { bits.writeLiteral(value) }
            adler.add(value, count: count)
        }
        for row in 0..<height {
            let filter: UInt8 = row == 0 ? 0 : 2
            bits.writeLiteral(filter)
            adler.add(filter, count: 1)
            run(row == 0 ? 0xFF : 0, rowBytes)
        }
        bits.writeCode(0, count: 7)
        let zlib = [0x78, 0x01] + bits.finished + bigEndian(adler.value)
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [16, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// Adler-32 over runs of one byte value, each run in O(1).
    struct Adler32 {
        private var a: UInt64 = 1
        private var b: UInt64 = 0

        mutating func add(_ value: UInt8, count: Int) {
            let n = UInt64(count), v = UInt64(value)
            // b gains a for each byte plus v·(1 + 2 + … + n).
            b = (b + n % 65521 * a + v * ((n * (n + 1) / 2) % 65521)) % 65521
            a = (a + n % 65521 * v) % 65521
        }

        var value: UInt32 { UInt32(b << 16 | a) }
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(CRC32.checksum(body[...]))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Deflate's bit order: values LSB first, Huffman codes MSB first.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var filled = 0

        mutating func write(_ value: UInt32, count: Int) {
            for bit in 0..<count { push(value >> bit & 1) }
        }

        /// A literal byte in deflate's fixed Huffman code.
        mutating func writeLiteral(_ value: UInt8) {
            if value < 144 {
                writeCode(0b0011_0000 + UInt32(value), count: 8)
            } else {
                writeCode(0b1_1001_0000 + UInt32(value) - 144, count: 9)
            }
        }

        mutating func writeCode(_ code: UInt32, count: Int) {
            for bit in (0..<count).reversed() { push(code >> bit & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            current |= bit << filled
            filled += 1
            if filled == 8 {
                bytes.append(UInt8(current))
                current = 0
                filled = 0
            }
        }

        /// Flushes the last partial byte.
        var finished: [UInt8] { filled > 0 ? bytes + [UInt8(current)] : bytes }
    }
}
