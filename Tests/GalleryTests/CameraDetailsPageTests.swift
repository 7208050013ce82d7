import Foundation
import Testing
@testable import Gallery

/// Camera details on built photo pages: shown by the default theme, hidden
/// by `"details": false` (inherited), and never a serial number or position.
@Suite struct CameraDetailsPageTests {
    static let serial = "BODY-SN-7734021"
    static let lensSerial = "LENS-SN-55190"

    /// A JPEG whose Exif says Canon EOS R5, 1/250 s, f/2.8, ISO 200, 50 mm,
    /// with body and lens serials and a GPS position (47° 37′ 11″ N, 122° 20′ 59″ W).
    static func photo() throws -> Data {
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        var block = ExifBlock()
        block.ifd0 = [ExifBlock.ascii(0x010F, "Canon"), ExifBlock.ascii(0x0110, "Canon EOS R5")]
        block.exif = [ExifBlock.rational(0x829A, 1, 250), ExifBlock.rational(0x829D, 28, 10), ExifBlock.short(0x8827, 200),
                      ExifBlock.rational(0x920A, 50, 1), ExifBlock.ascii(0xA431, serial),
                      ExifBlock.ascii(0xA434, "RF50mm F1.8 STM"), ExifBlock.ascii(0xA435, lensSerial)]
        block.gps = [ExifBlock.ascii(0x0001, "N"), ExifBlock.degrees(0x0002, 47, 37, 11),
                     ExifBlock.ascii(0x0003, "W"), ExifBlock.degrees(0x0004, 122, 20, 59)]
        block.exif.sort { $0.tag < $1.tag }
        return ExifFixture.jpeg(coffee, strings: [:], tiff: block.bytes)
    }

    /// Every HTML page of `output`, by path.
    static func pages(_ output: TemporaryFolder) throws -> [String: String] {
        var pages: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: output.url.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix(".html") else { continue }
            pages[relative] = try String(contentsOf: output.file(relative), encoding: .utf8)
        }
        return pages
    }

    static func build(_ files: [String: Data], language: String? = nil) throws -> [String: String] {
        let album = TemporaryFolder()
        for (path, data) in files {
            let url = album.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let output = TemporaryFolder()
        var options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates, strictTemplates: true)
        options.language = language
        _ = try Site.build(options)
        return try pages(output)
    }

    @Test func photoPageShowsTheDetails() throws {
        let pages = try Self.build(["shot.jpg": try Self.photo()])
        let page = try #require(pages.values.first { $0.contains("class=\"camera\"") }, "no page shows camera details")
        for expected in ["<dt>Camera</dt><dd>Canon EOS R5</dd>", "<dd>RF50mm F1.8 STM</dd>", "<dd>50\u{a0}mm</dd>",
                         "<dd>f/2.8</dd>", "<dd>1/250\u{a0}s</dd>", "<dt>ISO</dt><dd>200</dd>"] {
            #expect(page.contains(expected), "\(expected)")
        }
    }

    @Test func frenchUsesADecimalComma() throws {
        let pages = try Self.build(["shot.jpg": try Self.photo()], language: "fr")
        let page = try #require(pages.values.first { $0.contains("class=\"camera\"") })
        #expect(page.contains("<dt>Ouverture</dt><dd>f/2,8</dd>"))
    }

    @Test func noPagePublishesASerialOrThePosition() throws {
        let pages = try Self.build(["shot.jpg": try Self.photo()])
        #expect(pages.values.contains { $0.contains("f/2.8") })
        for (path, page) in pages {
            for secret in [Self.serial, Self.lensSerial, "47°", "47.6", "47,6", "122.3", "122,3", "37′", "20′"] {
                #expect(!page.contains(secret), "\(path) holds \(secret)")
            }
        }
    }

    @Test func detailsFalseHidesThemHereAndBelow() throws {
        let shot = try Self.photo()
        let pages = try Self.build([
            "album.json": Data(#"{"details": false}"#.utf8), "top.jpg": shot,
            "Below/b.jpg": shot,
            "Again/album.json": Data(#"{"details": true}"#.utf8), "Again/c.jpg": shot,
        ])
        let showing = pages.filter { $0.value.contains("class=\"camera\"") }.keys.sorted()
        #expect(showing.count == 1)
        #expect(showing.allSatisfy { $0.hasPrefix("Again/") }, "\(showing)")
        #expect(!pages.values.contains { $0.contains("Canon EOS R5") && !$0.contains("class=\"camera\"") })
    }
}
