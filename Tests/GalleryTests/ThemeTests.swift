import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Gallery

@Test func everyPhotoHasAPageWithNeighboursAndAWayBack() throws {
    let output = TemporaryFolder()
    let report = try Site.build(BuildOptions(album: Repo.sampleAlbum, output: output.url, templates: Repo.templates,
                                                strictTemplates: true))
    let index = try XMLDocument(data: Data(contentsOf: report.page), options: [])
    let hrefs = try index.nodes(forXPath: "//a[@class='tile']/@href").compactMap(\.stringValue)
    #expect(hrefs.count == report.photos.count)
    for (position, href) in hrefs.enumerated() {
        let page = try XMLDocument(data: Data(contentsOf: output.file(href.removingPercentEncoding ?? "")), options: [])
        let previous = try page.nodes(forXPath: "//a[@rel='prev']/@href").first?.stringValue
        let next = try page.nodes(forXPath: "//a[@rel='next']/@href").first?.stringValue
        #expect(previous == (position > 0 ? hrefs[position - 1] : nil))
        #expect(next == (position + 1 < hrefs.count ? hrefs[position + 1] : nil))
        let back = try #require(page.nodes(forXPath: "//a[@class='back']/@href").first?.stringValue)
        #expect(back.hasPrefix("index.html#p-"))
        let image = try #require(page.nodes(forXPath: "//figure//img").first as? XMLElement)
        #expect(image.attribute(forName: "fetchpriority")?.stringValue == "high")
        #expect(image.attribute(forName: "loading") == nil)
        // The image's box is reserved before it loads: its width and exact ratio.
        let width = try #require(image.attribute(forName: "width")?.stringValue)
        let height = try #require(image.attribute(forName: "height")?.stringValue)
        #expect(image.attribute(forName: "style")?.stringValue == "--pw:\(width)px;--pr:\(width) / \(height)")
        // "3 of 6" is the script's, read from the album's photos.json by the page's slug.
        #expect(try page.nodes(forXPath: "//p[@class='position']/@data-photos").first?.stringValue == "photos.json")
        #expect(try page.nodes(forXPath: "//p[@class='position']/@data-slug").first?.stringValue.map { $0 + ".html" } == href.removingPercentEncoding)
    }
    // Above the fold: the first few tiles high priority and eager, lazy ones async.
    let images = try index.nodes(forXPath: "//a[@class='tile']/img").compactMap { $0 as? XMLElement }
    #expect(images.prefix(4).allSatisfy { $0.attribute(forName: "fetchpriority")?.stringValue == "high" })
    #expect(images.dropFirst(4).allSatisfy { $0.attribute(forName: "fetchpriority") == nil })
    for image in images where image.attribute(forName: "loading")?.stringValue == "lazy" {
        #expect(image.attribute(forName: "decoding")?.stringValue == "async")
    }
    #expect(FileManager.default.fileExists(atPath: output.file("viewer.js").path))
}

@Test func strictTemplatesListsEveryMissingVariable() throws {
    let album = TemporaryFolder(), output = TemporaryFolder(), theme = TemporaryFolder()
    try makeAlbum(album)
    for name in try FileManager.default.contentsOfDirectory(atPath: Repo.templates.path) where name.hasSuffix(".mustache") {
        try theme.write(name, Data(contentsOf: Repo.templates.appendingPathComponent(name)))
    }
    try theme.write("tile-image.mustache", Data(#"<img src="{{src}}" alt="{{altt}}" width="{{width}}" height="{{heigth}}" />"#.utf8))
    let name = theme.url.lastPathComponent
    let error = #expect(throws: BuildError.self) {
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: theme.url, strictTemplates: true))
    }
    guard case .missingVariables(let misses)? = error else {
        Issue.record("expected missing variables, got \(String(describing: error))")
        return
    }
    #expect(misses.map(\.description) == [
        "\(name)/tile-image.mustache:1:25: {{altt}} is not in the data",
        "\(name)/tile-image.mustache:1:61: {{heigth}} is not in the data",
    ])
    // Without the flag the same theme builds (and the markup check catches the empty height).
    #expect(throws: BuildError.self) {
        _ = try Site.build(BuildOptions(album: album.url, output: output.url, templates: theme.url))
    }
}

struct ConfigCase: Sendable, CustomTestStringConvertible {
    var json: String
    var message: String
    var testDescription: String { json }
}

@Test(arguments: [
    ConfigCase(json: #"{"titel": "x"}"#, message: "'A/album.json':1:2: unknown key \"titel\" (expected title, description, cover, sort, order, hidden, photos, keywordAlbums, language, details, raw, private, zip, watermark, copyright, passwordVariable)"),
    ConfigCase(json: #"{"title": 3}"#, message: "'A/album.json':1:2: \"title\" must be a string"),
    ConfigCase(json: #"{"photos": {"a.jpg": {"captoin": "x"}}}"#,
               message: "'A/album.json':1:23: unknown key \"captoin\" in photos[\"a.jpg\"] (expected title, caption, alt, keywords, date, camera)"),
    ConfigCase(json: #"{"photos": {"a.jpg": {"date": "yesterday"}}}"#,
               message: "'A/album.json':1:23: photos[\"a.jpg\"].date \"yesterday\" is not a date like 2024-05-12 or 2024-05-12 14:03"),
    ConfigCase(json: #"{"language": "French"}"#, message: "'A/album.json':1:2: \"language\" must be a language tag such as \"fr\" or \"pt-BR\""),
    ConfigCase(json: #"["x"]"#, message: "'A/album.json' must be a JSON object"),
    // Lines and UTF-8 columns, not character offsets.
    ConfigCase(json: "{\n  \"title\": \"x\",\n  \"sort\": x\n}", message: "'A/album.json':3:11: is not valid JSON: Invalid value"),
    ConfigCase(json: "{\"é\": \"x\" \"b\"}", message: "'A/album.json':1:12: is not valid JSON: Invalid value"),
    ConfigCase(json: "{\n  \"title\": \"x\"", message: "'A/album.json':2:15: is not valid JSON: Unexpected end of file during JSON parse"),
    ConfigCase(json: "{\n  \"cover\": [],\n  \"photos\": {\n    \"b.jpg\": {\"caption\": 1}\n  }\n}",
               message: "'A/album.json':2:3: \"cover\" must be a string"),
    // The key inside photos, not a top-level key of the same name.
    ConfigCase(json: "{\"title\": \"t\",\n \"photos\": {\"a.jpg\": {\n   \"title\": 2}}}",
               message: "'A/album.json':3:4: photos[\"a.jpg\"].title must be a string"),
])
func albumConfigErrorsSayWhatIsWrong(_ testCase: ConfigCase) {
    do {
        _ = try AlbumConfig.parse(Data(testCase.json.utf8), displayPath: "A/album.json")
        Issue.record("parsed without error")
    } catch {
        #expect(error.description == testCase.message)
    }
}

@Test func albumConfigGivesTitleDescriptionAndDetails() throws {
    let config = try AlbumConfig.parse(Data(#"""
        {"title": "  Iceland\u202E 2024 ", "description": "One.\n\nTwo\tlines.",
         "photos": {"a.jpg": {"caption": "Fjord", "alt": "", "date": "2024:05:12 05:40:07", "camera": "X"}}}
        """#.utf8), displayPath: "album.json")
    #expect(config.title == "Iceland 2024")
    #expect(config.description == "One.\n\nTwo lines.")
    #expect(config.photos["a.jpg"] == PhotoDetails(caption: "Fjord", alt: nil,
                                                   date: PhotoDate(year: 2024, month: 5, day: 12, hour: 5, minute: 40, second: 7),
                                                   dateSource: .albumJSON, camera: "X"))
}

@Test func unknownPhotosInAlbumConfigAreNoticesNotSkippedFiles() throws {
    let album = TemporaryFolder(), output = TemporaryFolder()
    try makeAlbum(album)
    try album.write("album.json", Data(#"{"photos": {"gone.jpg": {"caption": "x"}, "coffee.jpg": {"caption": "Coffee"}}}"#.utf8))
    var warnings: [BuildWarning] = []
    // --strict does not fail on it: a photo that is gone is an edit in progress.
    let report = try build(album.url, output.url, strict: true, warnings: &warnings)
    #expect(warnings.map(\.description) == ["'\(album.url.path)/album.json': photos[\"gone.jpg\"] names no image of the album"])
    #expect(warnings.allSatisfy { $0.isNotice })
    #expect(report.warnings.isEmpty)
    #expect(report.notices.count == 1)
    #expect(report.photos.first { $0.fileName == "coffee.jpg" }?.details.caption == "Coffee")
}

@Test(arguments: [
    ("2024:05:12 14:03:07", "2024-05-12T14:03:07", "12 May 2024, 14:03"),
    ("2024-02-29", "2024-02-29", "29 February 2024"),
    ("2024-05-12T14:03", "2024-05-12T14:03", "12 May 2024, 14:03"),
])
func photoDates(_ text: String, _ machine: String, _ display: String) throws {
    let date = try #require(PhotoDate(parsing: text))
    #expect(date.machineText == machine && date.displayText == display)
}

@Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "2023-02-29", "2024-13-01", "2024-05-12 25:00", "yesterday", ""])
func photoDatesRejectNonsense(_ text: String) {
    #expect(PhotoDate(parsing: text) == nil)
}

@Test func cameraNamesDoNotRepeatTheMake() {
    #expect(PhotoDetails.camera(make: "Canon", model: "Canon EOS 5D Mark IV") == "Canon EOS 5D Mark IV")
    #expect(PhotoDetails.camera(make: "FUJIFILM", model: "X-T4") == "FUJIFILM X-T4")
    #expect(PhotoDetails.camera(make: "NIKON CORPORATION", model: "NIKON D750") == "NIKON D750")
    #expect(PhotoDetails.camera(make: " ", model: nil) == nil)
    #expect(PhotoDetails.caption(fromEXIFDescription: "OLYMPUS DIGITAL CAMERA         ") == nil)
    #expect(PhotoDetails.caption(fromEXIFDescription: " Fjord\u{0}\n at dawn ") == "Fjord at dawn")
}

@Test func slugsAreSafeUniqueAndStable() {
    #expect(PhotoSlug.slugs(for: ["IMG 1.jpg", "IMG 1.png", "img-1.jpg", "index.jpg", "<a href=x>.jpg", "..jpg", "溪流.jpg", "cafe\u{301}.jpg"])
        == ["IMG-1", "IMG-1-2", "img-1-3", "index-2", "a-href=x", "photo", "溪流", "caf\u{E9}"])
}

/// `page` and digits name an album's later pages (`page2.html`) in every
/// album, long or not, so no photo's page takes one and growing an album
/// renames no photo; `x-2` counter forms can never take one either.
@Test(arguments: [
    (["page2.jpg"], ["page2-2"]),
    (["PAGE12.png", "page12.jpg"], ["PAGE12-2", "page12-3"]),
    (["page.jpg", "Page.png", "page.gif"], ["page", "Page-2", "page-3"]),
    (["pages2.jpg", "page2x.jpg", "page-2.jpg", "pagé2.jpg"], ["pages2", "page2x", "page-2", "pagé2"]),
    (["index.jpg", "index.png"], ["index-2", "index-3"]),
])
func albumPageNamesAreNeverPhotoSlugs(names: [String], slugs: [String]) {
    let made = PhotoSlug.slugs(for: names)
    #expect(made == slugs)
    #expect(!made.contains { PhotoSlug.isAlbumPageName($0) })
}

@Test func altTextIsNeverACameraCounter() throws {
    let header = try sampleHeader("coffee.jpg")
    let counter = Photo(fileName: "IMG_0412.JPG", header: header)
    #expect(PhotoText.alt(of: counter, position: 3, count: 28) == "Photo 3 of 28")
    var dated = counter
    dated.details.date = PhotoDate(year: 2024, month: 5, day: 12)
    #expect(PhotoText.alt(of: dated, position: 3, count: 28) == "Photo 3 of 28, 12 May 2024")
    #expect(PhotoText.alt(of: Photo(fileName: "fig_square-2.jpg", header: header), position: 1, count: 1) == "fig square 2")
    var captioned = counter
    captioned.details.caption = "Fjord"
    #expect(PhotoText.alt(of: captioned, position: 1, count: 1) == "Fjord")
    captioned.details.alt = "A fjord under pink clouds"
    #expect(PhotoText.alt(of: captioned, position: 1, count: 1) == "A fjord under pink clouds")
}

@Test("The plain-ASCII slug shortcut gives what the Unicode rules give", arguments: 0..<4)
func asciiSlugShortcut(seed: Int) {
    // Every printable and control ASCII byte, in names of 0 to 120 bytes.
    var generator = SplitMix(seed: UInt64(seed))
    let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    var names = ["IMG_1234", ".hidden", "-dash", "a.b", "x y", String(repeating: "a", count: 96), String(repeating: "a", count: 97), ""]
    for _ in 0..<2000 {
        let length = Int(generator.next() % 121)
        var name = ""
        for _ in 0..<length {
            // Mostly letters, so many names take the shortcut.
            name.append(generator.next() % 4 == 0 ? alphabet[Int(generator.next() % 128)] : "a")
        }
        names.append(name)
    }
    for name in names {
        #expect(PhotoSlug.slug(stem: name) == PhotoSlug.unicodeSlug(stem: name), "\(name.debugDescription)")
    }
}

/// A small deterministic generator for test inputs.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
