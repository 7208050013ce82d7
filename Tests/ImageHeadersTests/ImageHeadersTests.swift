import Foundation
import Testing
@testable import ImageHeaders

/// Entry point, sniffing, result model and error text.
@Suite struct ImageHeadersTests {
    @Test func emptyInput() {
        let expected = HeaderError(offset: 0, reason: .empty)
        #expect(throws: expected) { try ImageHeader.read(from: [UInt8]()) }
        #expect(expected.description == "empty file")
    }

    @Test(arguments: [
        Array("GIF88a".utf8), [0xFF], [0xFF, 0xD9], [0x89, 0x50, 0x4E, 0x47], Array("hello, world".utf8),
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0B, 0, 0, 0, 13],
        // ISO BMFF that is neither HEIF, a video nor a Canon CR3: a sound file.
        [0, 0, 0, 0x14] + Array("ftypM4A ".utf8) + [0, 0, 0, 1] + Array("M4A isoZ".utf8),
        // RIFF that is neither WebP nor AVI: a WAVE sound file.
        Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVEfmt ".utf8),
        // Looks like a cursor/TGA but is neither: no entries, image type 0.
        [0, 0, 2, 0, 0, 0] + [UInt8](repeating: 0, count: 16),
    ])
    func unknownSignatures(bytes: [UInt8]) {
        #expect(throws: HeaderError(offset: 0, reason: .unknownFormat)) { try ImageHeader.read(from: bytes) }
    }

    @Test func unknownFormatText() {
        #expect(HeaderError(offset: 0, reason: .unknownFormat).description
            == "not a supported image format (unrecognised signature)")
    }

    @Test func dataSourcesGiveTheSameResult() throws {
        let jpeg = JPEGBuilder().frame(width: 12, height: 34).scan().bytes
        let padded = Data([9, 9, 9] + jpeg)
        let slice = padded[3...]  // indices start at 3
        #expect(try ImageHeader.read(from: slice) == ImageHeader.read(from: jpeg))
        #expect(try ImageHeader.read(from: Data(jpeg)).storedSize == PixelSize(width: 12, height: 34))
    }

    @Test func arraySourceBounds() {
        let bytes: [UInt8] = [1, 2, 3]
        #expect(bytes.bytes(at: 1, count: 10) == [2, 3])
        #expect(bytes.bytes(at: 3, count: 1) == [])
        #expect(bytes.bytes(at: -1, count: 2) == [])
        #expect(bytes.bytes(at: Int.max, count: Int.max) == [])
        #expect(Data(bytes).bytes(at: 2, count: Int.max) == [3])
    }

    @Test(arguments: Orientation.allCases)
    func displaySizeSwapsForOrientationsFiveToEight(orientation: Orientation) {
        let header = ImageHeader(format: .jpeg, storedSize: PixelSize(width: 1200, height: 1800), orientation: orientation)
        let expected = orientation.rawValue >= 5 ? PixelSize(width: 1800, height: 1200) : PixelSize(width: 1200, height: 1800)
        #expect(header.displaySize == expected)
        #expect(header.orientationSource == (orientation == .up ? .none : .exif))
    }

    @Test func headerDescription() {
        let header = ImageHeader(format: .jpeg, storedSize: PixelSize(width: 1200, height: 1800), orientation: .right)
        #expect(header.description == "jpeg 1200x1800 orientation 6 (exif) -> 1800x1200")
        let png = ImageHeader(format: .png, storedSize: PixelSize(width: 5, height: 6), isAnimated: true)
        #expect(png.description == "png 5x6 animated")
    }

    @Test func formatRawValuesAreLowerCase() {
        #expect(ImageFormat.allCases.map(\.rawValue) == [
            "jpeg", "png", "gif", "webp", "bmp", "tiff", "heic", "heif", "avif", "jxl", "svg", "ico", "cur",
            "psd", "pnm", "tga", "qoi", "jp2", "dds", "mp4", "mov", "webm", "mkv", "avi", "ogv",
            "dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2",
        ])
    }
}
