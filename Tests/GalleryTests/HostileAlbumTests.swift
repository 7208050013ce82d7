import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Gallery

/// File names, captions and album text an attacker (or an unlucky user) might
/// write. Every one must come out as text, never as markup.
enum Hostile {
    static let script = "<script>alert(1)</script>"
    // A file name cannot hold `/`, so the markup in names has no end tags.
    static let names = [
        "<img src=x onerror=alert(1)>.jpg",
        "<script>alert(1).jpg",
        "quote\" and 'apos'.jpg",
        "a & b %28c%29.png",
        "with space.jpg",
        "溪流 中文.jpg",
        "cafe\u{301} decomposed.jpg",
        "img-09:10:10.jpg",
        "#hash?.jpg",
    ]
    static let caption = "\(script) & \"q\" 'a' %28 中文 cafe\u{301}"
    static let alt = "\"><img src=x onerror=alert(1)>"
    static let title = "<b>Title</b> & \"co\""
    static let description = "</p><script>alert(2)</script>"
    /// A photo whose EXIF ImageDescription, Make and Model carry markup.
    static let exifName = "exif.jpg"
    static let exifCaption = "<script>alert(3)</script> \"caption\" & more"
    static let exifMake = "<b>Evil</b>"
    static let exifModel = "Cam' onload='x"

    static func albumJSON() -> Data {
        func json(_ text: String) -> String { JSONText.quoted(text) }
        return Data("""
            {"title": \(json(title)), "description": \(json(description)),
             "photos": {\(json(names[0])): {"caption": \(json(caption)), "alt": \(json(alt))},
                        \(json(names[5])): {"caption": \(json(caption))}}}
            """.utf8)
    }

    /// Builds the hostile album; returns the output folder.
    static func build(into output: TemporaryFolder) throws -> TemporaryFolder {
        let album = TemporaryFolder()
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        // No EXIF text on the name-only photos, so their alt comes from the name.
        let jpeg = ExifFixture.jpeg(coffee, strings: [:])
        let png = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("chelsea.png"))
        for name in names { try album.write(name, name.hasSuffix(".png") ? png : jpeg) }
        try album.write(exifName, ExifFixture.jpeg(coffee, strings: [0x010E: exifCaption, 0x010F: exifMake, 0x0110: exifModel]))
        try album.write("album.json", albumJSON())
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates,
                                           strictTemplates: true))
        return album
    }
}

@Test func hostileNamesAndCaptionsBuildAndStayText() throws {
    let output = TemporaryFolder()
    let album = try Hostile.build(into: output)
    _ = album
    let pages = try FileManager.default.contentsOfDirectory(atPath: output.url.path).filter { $0.hasSuffix(".html") }
    #expect(pages.count == Hostile.names.count + 2)
    for page in pages {
        let data = try Data(contentsOf: output.file(page))
        // libxml2 (FoundationXML) reads the page as markup.
        let document = try XMLDocument(data: data, options: [])
        // The theme's script and its strings (a JSON data block, never run): nothing from a name or caption.
        let scripts = try document.nodes(forXPath: "//script[not(@type='application/json')]")
        #expect(scripts.count == 1, "\(page)")
        #expect((scripts.first as? XMLElement)?.attribute(forName: "src")?.stringValue == "viewer.js")
        #expect(try document.nodes(forXPath: "//script[@type='application/json']/@id").compactMap(\.stringValue)
                == ["cascade-strings"], "\(page)")
        #expect(try document.nodes(forXPath: "//@*[starts-with(name(), 'on')]").isEmpty, "\(page)")
        #expect(try document.nodes(forXPath: "//b | //img[@src='x']").isEmpty, "\(page)")
        #expect(String(decoding: data, as: UTF8.self).contains("&lt;"), "\(page)")
        // Every link is percent-encoded ASCII and resolves to a file Cascade wrote.
        for node in try document.nodes(forXPath: "//a/@href | //img/@src | //link/@href | //script/@src") {
            let url = try #require(node.stringValue)
            #expect(url.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") }, "\(url)")
            let path = String(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let decoded = try #require(path.removingPercentEncoding)
            #expect(FileManager.default.fileExists(atPath: output.file(decoded).path), "\(page): \(url)")
        }
    }

    let index = try XMLDocument(data: Data(contentsOf: output.file("index.html")), options: [])
    #expect(try index.nodes(forXPath: "//h1").first?.stringValue == Hostile.title)
    #expect(try index.nodes(forXPath: "//p[@class='description']").first?.stringValue == Hostile.description)
    let captions = try index.nodes(forXPath: "//span[@class='tile-caption']").compactMap(\.stringValue)
    #expect(captions.contains(Hostile.caption.precomposedStringWithCanonicalMapping))
    let alts = try index.nodes(forXPath: "//img/@alt").compactMap(\.stringValue)
    #expect(alts.contains(Hostile.alt))
    #expect(alts.contains("quote\" and 'apos'"))

    // The photo page of the script-named file shows the caption as its heading.
    let hrefs = try index.nodes(forXPath: "//a[@class='tile']/@href").compactMap(\.stringValue)
    let scriptPage = try #require(hrefs.first { ($0.removingPercentEncoding ?? "").contains("onerror") })
    let photo = try XMLDocument(data: Data(contentsOf: output.file(scriptPage.removingPercentEncoding ?? "")), options: [])
    #expect(try photo.nodes(forXPath: "//h1").first?.stringValue == Hostile.caption.precomposedStringWithCanonicalMapping)

    // EXIF text is text too: the caption is the photo page's heading, the camera its own line.
    let exifPage = try #require(hrefs.first { $0.hasPrefix("exif") })
    let exifPhoto = try XMLDocument(data: Data(contentsOf: output.file(exifPage)), options: [])
    #expect(try exifPhoto.nodes(forXPath: "//h1").first?.stringValue == Hostile.exifCaption)
    let exifText = try #require(exifPhoto.rootElement()?.stringValue)
    #expect(exifText.contains("\(Hostile.exifMake) \(Hostile.exifModel)"))
    #expect(captions.contains(Hostile.exifCaption))

    // And `cascade check` agrees.
    let report = try Site.check(folder: output.url, templates: Repo.templates)
    #expect(report.issues.isEmpty, "\(report.issues)")
    #expect(report.pages.count == pages.count)
}

@Test func aThemeThatLetsDataBecomeMarkupFailsNamingTemplateAndData() throws {
    let album = TemporaryFolder(), output = TemporaryFolder(), theme = TemporaryFolder()
    try makeAlbum(album)
    try album.write("album.json", Data(#"{"photos": {"coffee.jpg": {"caption": "<script>alert(1)</script>"}}}"#.utf8))
    // A careless theme: the caption written raw.
    let column = try RawCaptionPayloadTests.rawCaptionTheme(theme).column
    do {
        _ = try Site.build(BuildOptions(album: album.url, output: output.file("site"), templates: theme.url))
        Issue.record("the build should fail")
    } catch {
        guard case let .markupCheckFailed(page, issue, _, origin) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(page.hasSuffix("site/index.html"))
        #expect(issue.kind.description == "<script> element is not one of the theme's templates")
        let themeName = theme.url.lastPathComponent
        #expect(origin?.description == "{{caption}} at \(themeName)/tile.mustache:1:\(column) = \"<script>alert(1)</script>\"")
    }
    #expect(!FileManager.default.fileExists(atPath: output.file("site").path))
}
