import Foundation
import Testing
@testable import ImageHeaders

/// A video cut short is told by its container's own account of its length
/// (issue 28): the real clips (Fixtures/video) are whole, and any cut of
/// them is found, with the part that runs past the end named; a container
/// that does not say how long it is says nothing.
struct VideoCutShortTests {
    static let folder = Fixtures.directory.appendingPathComponent("video")

    static func clip(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }

    static func find(_ bytes: [UInt8], _ format: ImageFormat) throws -> VideoCutShort? {
        try VideoCutShort.find(in: bytes, length: bytes.count, format: format)
    }

    static let clips: [(String, ImageFormat)] = [
        ("h264-aac.mp4", .mp4), ("portrait.mp4", .mp4), ("iphone-hevc.mov", .mov), ("upside-down.mp4", .mp4),
        ("vp9-opus.webm", .webm), ("anamorphic.mkv", .mkv), ("widescreen.avi", .avi), ("theora.ogv", .ogv),
    ]

    @Test(arguments: clips)
    func aWholeClipIsWhole(_ name: String, _ format: ImageFormat) throws {
        let bytes = Self.clip(name)
        #expect(!bytes.isEmpty)
        #expect(try Self.find(bytes, format) == nil)
        // The file edge agrees, and reads the format the header gives.
        let path = Self.folder.appendingPathComponent(name).path
        #expect(try VideoCutShort.find(fileAt: path, format: try ImageHeader.read(fileAt: path).format) == nil)
    }

    /// The first half of each clip, and what runs past its end.
    @Test(arguments: [
        ("h264-aac.mp4", ImageFormat.mp4, "'mdat' box"),      // moov last: the media is cut
        ("portrait.mp4", .mp4, "'mdat' box"),                  // moov first (+faststart)
        ("iphone-hevc.mov", .mov, "'moov' box"),            // its moov, last, starts before the half
        ("vp9-opus.webm", .webm, "Matroska Segment"),
        ("anamorphic.mkv", .mkv, "Matroska Segment"),
        ("widescreen.avi", .avi, "'RIFF' chunk"),
        ("theora.ogv", .ogv, "Ogg page"),
    ])
    func theFirstHalfIsCutShort(_ name: String, _ format: ImageFormat, _ part: String) throws {
        let whole = Self.clip(name)
        let half = Array(whole.prefix(whole.count / 2))
        let cut = try #require(try Self.find(half, format))
        #expect(cut.fileLength == half.count)
        guard case .runsPastEnd(let found, let start, let declaredEnd) = cut.reason else {
            Issue.record("\(cut)")
            return
        }
        #expect(found == part)
        #expect(start < half.count && declaredEnd > half.count)
        #expect(cut.description.hasPrefix("cut short: its \(part) at byte \(start) runs to byte \(declaredEnd), "
            + "but the file ends at byte \(half.count)"))
    }

    /// Whatever byte a Matroska or AVI file is cut at, it is found: every
    /// byte after the headers lies inside the Segment or the RIFF chunk.
    @Test(arguments: [("vp9-opus.webm", ImageFormat.webm), ("anamorphic.mkv", .mkv), ("widescreen.avi", .avi)])
    func everyCutIsFound(_ name: String, _ format: ImageFormat) throws {
        let whole = Self.clip(name)
        for length in stride(from: 64, to: whole.count, by: 7) {
            #expect(try Self.find(Array(whole.prefix(length)), format) != nil, "\(name) cut at \(length)")
        }
    }

    /// Ogg: a cut inside a page runs past the end; a cut between pages leaves
    /// a last page that ends no stream. The clip's pages: 0, 70 (the streams'
    /// first), 128, 3436, 6014, 8093 (the video's last), 9058 (the sound's last).
    @Test(arguments: [
        (6014, VideoCutShort.Reason.noEndOfStream(lastPage: 3436)),
        (8000, .runsPastEnd(part: "Ogg page", start: 6014, declaredEnd: 8093)),
        (9300, .runsPastEnd(part: "Ogg page", start: 9058, declaredEnd: 9440)),
        // Inside the 27-byte header: it runs at least to its own end.
        (6020, .runsPastEnd(part: "Ogg page header", start: 6014, declaredEnd: 6041)),
    ])
    func oggCutsSayWhereTheFileStops(_ length: Int, _ reason: VideoCutShort.Reason) throws {
        #expect(try Self.find(Array(Self.clip("theora.ogv").prefix(length)), .ogv) == VideoCutShort(fileLength: length, reason: reason))
    }

    /// A whole page header whose lacing table is cut: it runs to the table's end at least.
    @Test func anOggHeaderWithoutItsLacingTable() throws {
        let bytes = Array(Self.clip("theora.ogv").prefix(6014 + 27))
        let table = Int(bytes[6014 + 26])
        #expect(try Self.find(bytes, .ogv)?.reason == .runsPastEnd(part: "Ogg page header", start: 6014, declaredEnd: 6014 + 27 + table))
    }

    /// In a long Ogg file only the tail is read: the first page there whose
    /// CRC holds leads to the end, past `OggS` bytes inside packets.
    @Test func aLongOggFileIsJudgedByItsTail() throws {
        let whole = Self.clip("theora.ogv")
        // A file longer than the window: the clip after 300 KB of pages with nothing in them.
        var padding: [UInt8] = []
        var sequence: UInt32 = 0
        // Each page's packet holds what looks like a page header (its CRC zero), as media bytes may.
        let lookalike = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 5] + [UInt8](repeating: 7, count: 5)
        while padding.count < 300_000 {
            padding += Self.page(body: [UInt8](repeating: 0x4F, count: 100) + lookalike + [UInt8](repeating: 0x4F, count: 60),
                                 sequence: sequence)
            sequence += 1
        }
        let long = padding + whole
        #expect(long.count > OggEnd.window)
        #expect(try Self.find(long, .ogv) == nil)
        let cut = Array(long.dropLast(100))
        #expect(try Self.find(cut, .ogv)?.reason == .runsPastEnd(part: "Ogg page", start: padding.count + 9058,
                                                                 declaredEnd: long.count))
        #expect(try Self.find(Array(long.prefix(padding.count + 8093)), .ogv)?.reason == .noEndOfStream(lastPage: padding.count + 6014))
    }

    /// An Ogg page of another stream carrying `body`, with its CRC.
    static func page(body: [UInt8], sequence: UInt32) -> [UInt8] {
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var lacing = [UInt8](repeating: 255, count: body.count / 255)
        lacing.append(UInt8(body.count % 255))
        var bytes = Array("OggS".utf8) + [0, 0] + [UInt8](repeating: 0, count: 8) + le32(99) + le32(sequence) + le32(0)
            + [UInt8(lacing.count)] + lacing + body
        let crc = OggCRC.checksum(bytes[...])
        bytes.replaceSubrange(22..<26, with: le32(crc))
        return bytes
    }

    /// The CRC Ogg uses (the clip's first page carries its own).
    @Test func oggCRCMatchesTheClipsPages() {
        let bytes = Self.clip("theora.ogv")
        let end = OggEnd.pageEnd(in: bytes, at: 0) ?? 0
        #expect(end == 70)
        #expect(OggCRC.checksum(bytes[0..<end]) == bytes.uint32(at: 22, .littleEndian))
    }

    /// Containers that do not say how long they are: a Matroska segment of
    /// unknown size (a live recording), an MP4 `mdat` of size 0 (to the end).
    @Test func aLengthNotStatedSaysNothing() throws {
        var webm = Self.clip("vp9-opus.webm")
        let segment = try #require(webm.indices.first { webm.matches([0x18, 0x53, 0x80, 0x67], at: $0) })
        // The size field after the ID: 8 bytes, all value bits set, means "unknown".
        let sizeLength = webm[segment + 4].leadingZeroBitCount + 1
        webm.replaceSubrange((segment + 4)..<(segment + 4 + sizeLength), with: [0x01] + [UInt8](repeating: 0xFF, count: 7))
        #expect(try Self.find(Array(webm.prefix(webm.count / 2)), .webm) == nil)

        var mp4 = Self.clip("portrait.mp4")
        let mdat = try #require(mp4.indices.first { mp4.matches(Array("mdat".utf8), at: $0) }) - 4
        mp4.replaceSubrange(mdat..<(mdat + 4), with: [0, 0, 0, 0])
        #expect(try Self.find(Array(mp4.prefix(mp4.count - 100)), .mp4) == nil)
        // A photo format is never judged.
        #expect(try Self.find([1, 2, 3], .jpeg) == nil)
    }
}
