import Foundation
import SeededRandom
import Thumbnails

/// A generated album of small, distinct, decodable photos: JPEGs of a few
/// sizes and aspects and some PNGs, spread over three sub-albums, the same
/// bytes on every run (seeded), so the kill tests build a real album fast.
enum GeneratedAlbum {
    static let subAlbums = ["harbour", "hills", "town"]

    /// Writes `count` photos into `folder` (which must exist).
    static func write(count: Int, into folder: URL, seed: UInt64 = 14) throws {
        var random = SplitMix64(seed: seed)
        let sizes = [(64, 64), (96, 64), (64, 96), (128, 96), (200, 120), (90, 160), (150, 150), (180, 72)]
        let large = [(720, 480), (480, 720), (640, 640)]
        for index in 0..<count {
            let album = subAlbums[index % subAlbums.count]
            // One in twelve is large enough for several rendition widths.
            let (width, height) = index % 12 == 7 ? large[index / 12 % large.count]
                : sizes[Int.random(in: 0..<sizes.count, using: &random)]
            let isPNG = index % 9 == 4
            let pixels = try picture(width: width, height: height, channels: isPNG ? 4 : 3, using: &random)
            let bytes = isPNG ? try ImageEncoder.png(pixels) : try ImageEncoder.jpeg(pixels, quality: 85)
            let name = String(format: "photo-%03d.%@", index, isPNG ? "png" : "jpg")
            let subfolder = folder.appendingPathComponent(album)
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
            try Data(bytes).write(to: subfolder.appendingPathComponent(name))
        }
    }

    /// One photo big enough that making its renditions takes seconds.
    static func writeLarge(width: Int, height: Int, to url: URL) throws {
        var random = SplitMix64(seed: 1)
        let pixels = try picture(width: width, height: height, channels: 3, using: &random)
        try Data(try ImageEncoder.jpeg(pixels, quality: 85)).write(to: url)
    }

    /// A gradient in a random colour with a random stripe: every photo differs.
    private static func picture(width: Int, height: Int, channels: Int,
                                using random: inout SplitMix64) throws -> PixelBuffer {
        let base = (0..<3).map { _ in Int.random(in: 0...200, using: &random) }
        let stripe = Int.random(in: 0..<width, using: &random)
        var samples = [UInt8](repeating: 255, count: width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * channels
                let onStripe = abs(x - stripe) < 3
                for channel in 0..<3 {
                    let value = onStripe ? 255 - base[channel] : base[channel] + (x + y * (channel + 1)) % 55
                    samples[offset + channel] = UInt8(clamping: value)
                }
            }
        }
        return try PixelBuffer(width: width, height: height, channels: channels, samples: samples)
    }
}
