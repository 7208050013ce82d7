import Foundation
import Testing
@testable import Thumbnails

/// Square icons from a photo: a centred square at each size, PNG when small,
/// enough for a favicon, and the same bytes every time.
@Suite struct SquareIconTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleAlbum/bridge.jpg")

    @Test func aPhotoGivesSquarePNGIconsAtEachSize() throws {
        let source = [UInt8](try Data(contentsOf: Self.photo))
        let icons = try SquareIcon.make(sizes: [32, 180], from: source)
        #expect(icons.map(\.width) == [32, 180] && icons.map(\.height) == [32, 180])
        for icon in icons {
            let decoded = try ImageDecoder.decode(icon.data)
            #expect(decoded.pixels.width == icon.width && decoded.pixels.height == icon.width)
        }
        // Measured on this photo: 1713 and 4558 bytes.
        #expect(icons[1].data.count < 20_000, "\(icons[1].data.count) bytes")
        #expect(icons.map(\.format) == [.png, .jpeg])
        #expect(try SquareIcon.make(sizes: [180], pngUpTo: 180, from: source).map(\.format) == [.png])
        #expect(icons[0].data.count < 5_000, "\(icons[0].data.count) bytes")
        #expect(try SquareIcon.make(sizes: [32, 180], from: source) == icons)
    }

    @Test func theSquareIsCentred() throws {
        // 4 × 2, one channel: columns 0 1 | 2 3 ... the centre square is columns 1 and 2.
        let pixels = try PixelBuffer(width: 4, height: 2, channels: 1, samples: [0, 1, 2, 3, 10, 11, 12, 13])
        let square = pixels.centreSquare()
        #expect(square.width == 2 && square.height == 2 && square.samples == [1, 2, 11, 12])
        let tall = try PixelBuffer(width: 1, height: 3, channels: 1, samples: [5, 6, 7]).centreSquare()
        #expect(tall.samples == [6])
    }

    @Test func aSizeBelowOneIsRefused() {
        #expect(throws: ThumbnailError.self) { try SquareIcon.make(sizes: [0], from: [0xFF, 0xD8]) }
    }
}
