import Foundation
@testable import Gallery
import Testing
import XMP

/// An album's `"copyright"` is credited on its photo pages and written as
/// rights metadata into the originals it publishes stripped, never into the
/// renditions, and never bringing back what stripping removed.
@Suite("Copyright")
struct CopyrightTests {
    static let config = #"{"copyright": "© 2026 Ana Ruiz & co", "photos": {}}"#

    /// The XMP packet inside `bytes`, parsed.
    static func xmp(_ bytes: [UInt8]) throws -> XMPPacket? {
        let text = Array("<x:xmpmeta".utf8), end = Array("</x:xmpmeta>".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: text) }),
              let stop = bytes[start...].indices.first(where: { bytes[$0...].starts(with: end) }) else { return nil }
        return try XMPPacket.parse(Array(bytes[start..<(stop + end.count)]))
    }

    @Test("On the photo page, in the stripped original's XMP and IPTC, and in no rendition; inherited below")
    func creditedAndWritten() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: Self.config, photos: ["mid.jpg": (1280, 854)])
        try FileManager.default.createDirectory(at: album.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try WatermarkFixture.photo(width: 640, height: 400).write(to: album.appendingPathComponent("sub/child.jpg"))
        let site = folder.file("site")
        _ = try WatermarkFixture.build(album, site, originals: .stripped)
        for page in ["mid.html", "sub/child.html"] {
            let text = try String(contentsOf: site.appendingPathComponent(page), encoding: .utf8)
            #expect(text.contains("<p class=\"meta copyright\">© 2026 Ana Ruiz &amp; co</p>"), "\(page)")
        }
        let files = try snapshot(site)
        let original = try #require(files.first { $0.key.hasSuffix("photos/mid.jpg") }?.value)
        #expect(try Self.xmp([UInt8](original))?.rights == "© 2026 Ana Ruiz & co")
        // The IPTC copyright notice (2:116).
        #expect(original.range(of: Data([0x1C, 0x02, 0x74]) + Data([0, 21]) + Data("© 2026 Ana Ruiz & co".utf8)) != nil)
        #expect(MetadataAudit.findings(inFileAt: site.appendingPathComponent("photos/mid.jpg").path) == nil)
        for (path, bytes) in files where path.hasPrefix("renditions/") {
            #expect(bytes.range(of: Data("Ana Ruiz".utf8)) == nil, "\(path)")
        }
    }

    @Test("An album's originals ZIP carries the credit in each stripped original, and is renamed when the credit changes")
    func zipOriginals() throws {
        let folder = TemporaryFolder()
        let album = try WatermarkFixture.library(in: folder, config: #"{"copyright": "© Ana", "zip": "originals"}"#,
                                                 photos: ["mid.jpg": (640, 400)])
        let site = folder.file("site")
        _ = try WatermarkFixture.build(album, site)
        func zip() throws -> (name: String, bytes: Data) {
            let file = try #require(try snapshot(site).first { $0.key.hasSuffix(".zip") })
            return (file.key, file.value)
        }
        let first = try zip()
        // Stored, not deflated: the packet is there as written.
        #expect(first.bytes.range(of: Data("<rdf:li xml:lang=\"x-default\">© Ana</rdf:li>".utf8)) != nil)
        try Data(#"{"copyright": "© Ben", "zip": "originals"}"#.utf8).write(to: album.appendingPathComponent("album.json"))
        _ = try WatermarkFixture.build(album, site)
        let second = try zip()
        #expect(second.name != first.name && second.bytes.range(of: Data("© Ben".utf8)) != nil)
    }

    @Test("A PNG original gets an iTXt XMP chunk with a good CRC; a JPEG keeps its leading APP0")
    func formats() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [UInt8](repeating: 1, count: 13) + [0, 0, 0, 0] + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        let marked = CopyrightMetadata.adding("Ana", to: png)
        #expect(marked.count > png.count && marked[33..<37].elementsEqual([0, 0, 0, 0]) == false)
        #expect(try Self.xmp(marked)?.rights == "Ana")
        #expect(marked[37..<41].elementsEqual("iTXt".utf8))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 1, 2, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9]
        let withRights = CopyrightMetadata.adding("Ana", to: jpeg)
        #expect(withRights.starts(with: jpeg.prefix(8)) && withRights[8] == 0xFF && withRights[9] == 0xE1)
        #expect(withRights.suffix(6).elementsEqual(jpeg.suffix(6)))
        // Formats with no place for it here are left as they are.
        #expect(CopyrightMetadata.adding("Ana", to: Array("GIF89a".utf8)) == Array("GIF89a".utf8))
    }
}
