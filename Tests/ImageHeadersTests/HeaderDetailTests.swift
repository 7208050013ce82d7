import Foundation
import Testing
@testable import ImageHeaders

/// ``HeaderDetail/layout`` (what `cascade scan` reads) finds the format, sizes
/// and orientation the full read finds, and leaves the metadata unread.
@Suite struct HeaderDetailTests {
    static func withoutMetadata(_ header: ImageHeader) -> ImageHeader {
        var header = header
        header.metadata = nil
        return header
    }

    /// Every header fixture (the errors too) reads the same both ways, but the metadata.
    @Test func layoutReadsAgreeWithFullReadsOnEveryFixture() throws {
        let files = FileManager.default.enumerator(at: Fixtures.directory, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix(".") }
        #expect(files.count > 100)
        var jpegsWithMetadata = 0
        for url in files {
            let bytes = [UInt8](try Data(contentsOf: url))
            let full = Result { () throws(HeaderError) in try ImageHeader.read(from: bytes) }
            let layout = Result { () throws(HeaderError) in try ImageHeader.read(from: bytes, detail: .layout) }
            #expect(layout.map(Self.withoutMetadata) == full.map(Self.withoutMetadata), "\(url.path)")
            if case .success(let header) = full, header.format == .jpeg, header.metadata != nil {
                jpegsWithMetadata += 1
                // Only the ICC flag, which the segment walk sees anyway, is left.
                if case .success(let read) = layout {
                    #expect(read.metadata == nil || read.metadata == ImageMetadata(hasICCProfile: true), "\(url.path)")
                }
            }
        }
        #expect(jpegsWithMetadata > 5)
    }

    /// Files the quick layout walk passes to the general one, or reads
    /// itself, give what the full read gives.
    @Test(arguments: 0..<8)
    func unusualJPEGsReadTheSameBothWays(variant: Int) {
        var exif = ExifBuilder(bigEndian: false)
        exif.ifd0 = [exif.short(0x0112, 6)]
        let icc = Array("ICC_PROFILE".utf8) + [0, 1, 1]
        let plain = JPEGBuilder().exif(exif.bytes).frame(width: 40, height: 30)
        let jpeg: [UInt8] = switch variant {
        case 0: plain.scan().bytes                                                  // the quick walk's case
        case 1: JPEGBuilder().frame(width: 40, height: 30).exif(exif.bytes).scan().bytes  // Exif after the frame
        case 2: JPEGBuilder().raw([0xFF, 0xFF]).exif(exif.bytes).frame(width: 40, height: 30).scan().bytes  // fill bytes
        case 3: JPEGBuilder().segment(0xE1, [UInt8](repeating: 7, count: 5000)).exif(exif.bytes)
            .frame(width: 40, height: 30).scan().bytes                              // past the first window
        case 4: JPEGBuilder().segment(0xE2, icc).exif(exif.bytes).frame(width: 40, height: 30).scan().bytes
        case 5: JPEGBuilder().exif(exif.bytes).scan().bytes                         // no frame header
        case 6: JPEGBuilder().exif(exif.bytes).frame(width: 0, height: 30).scan().bytes  // zero width
        default: Array(plain.bytes.prefix(30))                                      // cut short
        }
        let full = Result { () throws(HeaderError) in try ImageHeader.read(from: jpeg) }
        let layout = Result { () throws(HeaderError) in try ImageHeader.read(from: jpeg, detail: .layout) }
        #expect(layout.map(Self.withoutMetadata) == full.map(Self.withoutMetadata))
        if case .success(let header) = full {
            #expect((try? layout.get())?.metadata?.hasICCProfile == header.metadata?.hasICCProfile)
        }
    }

    /// The last orientation entry of IFD0 counts, as in a full read; text,
    /// XMP and IPTC around it are passed over.
    @Test(arguments: [false, true])
    func layoutKeepsTheLastOrientationAndDropsTheRest(bigEndian: Bool) throws {
        var exif = ExifBuilder(bigEndian: bigEndian)
        exif.ifd0 = [exif.short(0x0112, 3), exif.short(0x0110, 0x4142), exif.short(0x0112, 6)]
        let xmp = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta/>".utf8)
        let iptc = Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [0x04, 0x04, 0, 0, 0, 0, 0, 5]
            + [0x1C, 0x02, 0x78, 0x00, 0x01, 0x41]
        let jpeg = JPEGBuilder().exif(exif.bytes).segment(0xE1, xmp).segment(0xED, iptc)
            .frame(width: 40, height: 30).scan().bytes
        let full = try ImageHeader.read(from: jpeg)
        let layout = try ImageHeader.read(from: jpeg, detail: .layout)
        #expect(full.orientation == .right && full.metadata?.xmpPacket != nil)
        #expect(layout == Self.withoutMetadata(full) && layout.metadata == nil)
        #expect(layout.displaySize == PixelSize(width: 30, height: 40))
    }
}
