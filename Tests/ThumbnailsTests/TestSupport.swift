import Foundation
@testable import Thumbnails

/// Paths and small parsers shared by the Thumbnails tests.
enum TestSupport {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().resolvingSymlinksInPath()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    /// `../shared` next to the repository root (absent on a clean clone elsewhere).
    static let shared = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")
    static let corpus = shared.appendingPathComponent("corpus")
    static let samplePhotos = shared.appendingPathComponent("sample-photos")

    static func fixture(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    static func bytes(at url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The segments before the first SOS: marker and payload (after the length field).
    static func segments(_ jpeg: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var result: [(UInt8, [UInt8])] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if marker == 0xDA { break }
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard length >= 2, i + 2 + length <= jpeg.count else { break }
            result.append((marker, Array(jpeg[(i + 4)..<(i + 2 + length)])))
            i += 2 + length
        }
        return result
    }

    /// IFD0 tags of an APP1 Exif payload (bounds-checked, for assertions only).
    static func ifd0Tags(exif payload: [UInt8]) -> [Int] {
        let tiff = Array(payload.dropFirst(6))
        guard tiff.count >= 8 else { return [] }
        let little = tiff[0] == 0x49
        func u16(_ at: Int) -> Int { guard at + 2 <= tiff.count else { return 0 }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1]) }
        func u32(_ at: Int) -> Int { little ? u16(at) | u16(at + 2) << 16 : u16(at) << 16 | u16(at + 2) }
        let ifd = u32(4)
        let count = u16(ifd)
        return (0..<min(count, 500)).map { u16(ifd + 2 + $0 * 12) }
    }

    static func hasGPS(_ jpeg: [UInt8]) -> Bool {
        segments(jpeg).contains { $0.marker == 0xE1 && $0.payload.starts(with: Array("Exif\0".utf8))
            && ifd0Tags(exif: $0.payload).contains(0x8825) }
    }

    static func hasOrientationTag(_ jpeg: [UInt8]) -> Bool {
        segments(jpeg).contains { $0.marker == 0xE1 && $0.payload.starts(with: Array("Exif\0".utf8))
            && ifd0Tags(exif: $0.payload).contains(0x0112) }
    }

    /// Mean absolute difference per sample of two same-sized buffers (nil when sizes differ).
    static func meanAbsoluteDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double? {
        guard a.width == b.width, a.height == b.height, a.channels == b.channels else { return nil }
        var total = 0
        for i in 0..<a.samples.count { total += abs(Int(a.samples[i]) - Int(b.samples[i])) }
        return Double(total) / Double(a.samples.count)
    }

    /// A baseline JPEG header claiming `width`×`height` (SOI, DQT, SOF0, DHT-less SOS), no real data.
    static func bombJPEG(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 0x03,
                  0x01, 0x22, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00]
        bytes += [0xFF, 0xDA, 0x00, 0x0C, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x3F, 0x00]
        bytes += [UInt8](repeating: 0, count: 64) + [0xFF, 0xD9]
        return bytes
    }
}
