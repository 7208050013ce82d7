import Testing
@testable import Thumbnails

/// A GIF cut short is corrupt even when its first frame is whole (issue 28):
/// the decoder walks the records after the frame it decodes up to the
/// trailer, decoding no pixel, and names where the file stops.
struct CutGIFTests {
    /// Where each frame's record (image descriptor to block terminator) lies
    /// in a GIF, walked by the lengths its blocks give.
    static func frames(_ bytes: [UInt8]) -> [Range<Int>] {
        func colourTable(_ flags: UInt8) -> Int { flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0 }
        func subBlocks(from start: Int) -> Int {
            var index = start
            while index < bytes.count, bytes[index] != 0 { index += Int(bytes[index]) + 1 }
            return index + 1
        }
        var index = 13 + colourTable(bytes[10])
        var frames: [Range<Int>] = []
        while index < bytes.count {
            switch bytes[index] {
            case 0x21: index = subBlocks(from: index + 2)
            case 0x2C:
                let end = subBlocks(from: index + 10 + colourTable(bytes[index + 9]) + 1)
                frames.append(index..<end)
                index = end
            default: return frames
            }
        }
        return frames
    }

    static let animated: [UInt8] = (try? TestSupport.fixture("formats/gif-animated.gif")) ?? []

    /// The fixture cut at one place, and what the error says of it.
    struct Cut: Sendable, CustomTestStringConvertible {
        var place: String
        var bytes: [UInt8]
        var reason: String
        var testDescription: String { place }
    }

    static func cuts() -> [Cut] {
        let frames = frames(animated)
        guard frames.count == 2 else { return [] }
        let afterOne = "the file ends after 1 frame, before the GIF trailer (cut short)"
        return [
            Cut(place: "after frame 1", bytes: Array(animated[..<frames[0].upperBound]), reason: afterOne),
            Cut(place: "before frame 2's image descriptor", bytes: Array(animated[..<frames[1].lowerBound]), reason: afterOne),
            Cut(place: "inside frame 2's image descriptor", bytes: Array(animated[..<(frames[1].lowerBound + 5)]),
                reason: "the file ends inside frame 2 (cut short)"),
            Cut(place: "inside frame 2's image data", bytes: Array(animated[..<(frames[1].upperBound - 2)]),
                reason: "the file ends inside frame 2 (cut short)"),
            Cut(place: "without the trailer only", bytes: Array(animated.dropLast()),
                reason: "the file ends after 2 frames, before the GIF trailer (cut short)"),
        ]
    }

    @Test func theFixtureHasTwoFramesAndATrailer() {
        #expect(Self.frames(Self.animated).count == 2)
        #expect(Self.animated.last == 0x3B)
    }

    @Test(arguments: cuts())
    func aGIFCutShortIsCorruptThoughItsFirstFrameIsWhole(_ cut: Cut) {
        #expect(throws: ThumbnailError.corrupt(format: .gif, reason: cut.reason)) {
            try ImageDecoder.decode(cut.bytes)
        }
    }

    /// A whole file with bytes after its trailer still decodes: the walk stops at the trailer.
    @Test func bytesAfterTheTrailerAreLeftAlone() throws {
        let decoded = try ImageDecoder.decode(Self.animated + [0, 1, 2, 3])
        #expect(decoded.fullWidth == 16 && decoded.fullHeight == 12)
    }
}
