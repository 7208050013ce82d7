import Foundation
import Testing
@testable import ImageHeaders

/// Real clips muxed by ffmpeg (Fixtures/video/make-videos.sh), checked against
/// what ffprobe says of them (EXPECTED.tsv): the scanner and ffmpeg agree on
/// every display size and turn.
struct VideoFixtureTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var file: String
        var format: String
        var displayWidth: Int
        var displayHeight: Int
        /// ffprobe's rotation: degrees counter-clockwise.
        var rotation: Int
        var duration: Double
        var codec: String
        var testDescription: String { file }
    }

    static let folder = Fixtures.directory.appendingPathComponent("video")

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("EXPECTED.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t").map(String.init)
            return Row(file: f[0], format: f[1], displayWidth: Int(f[2])!, displayHeight: Int(f[3])!, rotation: Int(f[4])!,
                       duration: Double(f[5])!, codec: f[6])
        }
    }()

    @Test func everyFixtureIsListed() {
        #expect(Self.rows.count == 8)
    }

    @Test(arguments: rows)
    func theScannerAgreesWithFFprobe(_ row: Row) throws {
        let header = try ImageHeader.read(fileAt: Self.folder.appendingPathComponent(row.file).path)
        #expect(header.format.rawValue == row.format)
        #expect(header.displaySize == PixelSize(width: row.displayWidth, height: row.displayHeight))
        // ffprobe counts counter-clockwise degrees; Exif 6 turns 90° clockwise.
        let expected: Orientation = switch (row.rotation % 360 + 360) % 360 {
        case 90: .left
        case 180: .down
        case 270: .right
        default: .up
        }
        #expect(header.orientation == expected)
        if row.format == "ogv" {
            // An Ogg file's length is in its last page, which a header read never reaches.
            #expect(header.video?.durationSeconds == nil)
            #expect(header.video?.videoCodec == "theora")
            #expect(header.video?.audioCodec == "vorbis")
        } else {
            let seconds = try #require(header.video?.durationSeconds)
            #expect(abs(seconds - row.duration) < 0.03)
        }
        if row.format == "avi" {
            #expect(header.video?.videoCodec == "FMP4")
            #expect(header.video?.audioCodec == "mp3")
        }
        if row.format == "mp4" || row.format == "mov" {
            #expect(header.video?.videoCodec == row.codec)
            #expect(header.video?.creationDate == (row.file == "upside-down.mp4" ? nil : "2024-05-12T12:03:07Z"))
        }
    }

    @Test func h264ProfilesAreRead() throws {
        // x264 writes High (100) for 8-bit 4:2:0; Gallery's high10.mp4 is High 10 (110).
        let high = try ImageHeader.read(fileAt: Self.folder.appendingPathComponent("h264-aac.mp4").path)
        #expect(high.video?.videoProfile == 100)
        let tenBit = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GalleryTests/Fixtures/video/high10.mp4")
        #expect(try ImageHeader.read(fileAt: tenBit.path).video?.videoProfile == 110)
        let hevc = try ImageHeader.read(fileAt: Self.folder.appendingPathComponent("iphone-hevc.mov").path)
        #expect(hevc.video?.videoProfile == nil)
    }

    @Test func theIPhoneStyleClipCarriesItsLocationAndSound() throws {
        let header = try ImageHeader.read(fileAt: Self.folder.appendingPathComponent("iphone-hevc.mov").path)
        #expect(header.video?.hasLocation == true)
        #expect(header.video?.audioCodec == "mp4a")
        let plain = try ImageHeader.read(fileAt: Self.folder.appendingPathComponent("h264-aac.mp4").path)
        #expect(plain.video?.hasLocation == false)
    }

    @Test func onlyHeadersAreRead() throws {
        // A real moov after 8 MB of media: the media is skipped by its size, never read.
        let clip = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("portrait.mp4")))
        let moovAt = try #require((0..<(clip.count - 4)).first { clip[$0..<($0 + 4)].elementsEqual("moov".utf8) }) - 4
        let moovSize = Int(clip.uint32(at: moovAt, .bigEndian)!)
        let media = BoxBuilder.be32(8 + 8 << 20) + Array("mdat".utf8) + [UInt8](repeating: 0x5A, count: 8 << 20)
        let bytes = BoxBuilder.ftyp("isom", ["isom"]) + media + Array(clip[moovAt..<(moovAt + moovSize)])
        let source = CountingByteSource(bytes)
        let header = try ImageHeader.read(from: source)
        #expect(header.displaySize == PixelSize(width: 36, height: 64))
        #expect(source.bytesReturned < 64 << 10, "read \(source.bytesReturned) bytes")
    }
}
