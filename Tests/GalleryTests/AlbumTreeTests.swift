import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Gallery
import Testing

/// The fixture library (`Tests/Fixtures/Library`, contract in its EXPECTED.md)
/// built once into a temporary folder, with what git cannot hold added.
final class BuiltLibrary: Sendable {
    static let shared = BuiltLibrary()

    let album = TemporaryFolder()
    let output = TemporaryFolder()
    let result: Result<BuildReport, BuildError>

    private init() {
        let source = Repo.root.appendingPathComponent("Tests/Fixtures/Library")
        try? FileManager.default.removeItem(at: album.url)
        try? FileManager.default.copyItem(at: source, to: album.url)
        let mixed = album.url.appendingPathComponent("Mixed #sources")
        try? FileManager.default.linkItem(at: mixed.appendingPathComponent("exif-only.jpg"),
                                          to: mixed.appendingPathComponent("hard link to exif-only.jpg"))
        try? FileManager.default.removeItem(at: album.url.appendingPathComponent("Empty/.gitkeep"))
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        result = Result { () throws(BuildError) in try Site.build(options) }
    }

    func page(_ path: String) throws -> XMLDocument {
        try XMLDocument(data: Data(contentsOf: output.file(path)), options: [])
    }
}

func strings(_ document: XMLDocument, _ xpath: String) throws -> [String] {
    try document.nodes(forXPath: xpath).map { $0.stringValue ?? "" }
}

@Suite struct AlbumTreeTests {
    let library = BuiltLibrary.shared

    @Test func theLibraryBuildsWithoutWarnings() throws {
        let report = try library.result.get()
        #expect(report.warnings.map(\.description) == [])
        #expect(report.albums == 6)
    }

    @Test func everyAlbumGetsAPageMirroringTheTree() throws {
        _ = try library.result.get()
        for page in ["index.html", "Mixed #sources/index.html", "Trips/index.html", "Trips/Café de Flore/index.html",
                     "Trips/溪流 #2/index.html", "🌅 Dawn 100%/index.html", "Trips/Café de Flore/espresso.html"] {
            #expect(FileManager.default.fileExists(atPath: library.output.file(page).path), "\(page)")
        }
        for absent in ["Empty", "Notes only?", ".thumbs", "Mixed #sources/hidden-by-config.html"] {
            #expect(!FileManager.default.fileExists(atPath: library.output.file(absent).path), "\(absent)")
        }
    }

    @Test func theHomePageShowsSubAlbumsFirstAsCoverTiles() throws {
        _ = try library.result.get()
        let home = try library.page("index.html")
        #expect(try strings(home, "//a[contains(@class,'album-tile')]/@href")
                == ["Mixed%20%23sources/index.html", "Trips/index.html", "%F0%9F%8C%85%20Dawn%20100%25/index.html"])
        #expect(try strings(home, "//span[@class='album-title']") == ["Mixed #sources", "Trips ✈", "Dawn, around the world"])
        // Trips' cover is its sub-album Café de Flore's, which is espresso.jpg (sigal's Thumbnail:).
        let espresso = try library.page("Trips/Café de Flore/espresso.html")
        let espressoImage = try strings(espresso, "//figure//img/@src").first ?? "?"
        let hash = espressoImage.split(separator: "/").last.map { String($0.prefix(ContentHash.hexCount)) } ?? "?"
        let tripsCover = try strings(home, "//a[@href='Trips/index.html']/img/@src").first ?? ""
        #expect(tripsCover.contains(hash))
        // The grid of covers comes before the grid of photos, in document order.
        let grids = try strings(home, "//div[contains(@class,'grid')]/@class")
        #expect(grids == ["grid album-grid", "grid photo-grid"])
    }

    @Test func breadcrumbsLeadBackUpTheTree() throws {
        _ = try library.result.get()
        let cafe = try library.page("Trips/Café de Flore/index.html")
        #expect(try strings(cafe, "//nav[@class='breadcrumbs']//a/@href") == ["../../index.html", "../index.html"])
        #expect(try strings(cafe, "//nav[@class='breadcrumbs']//a") == ["Fixture Library", "Trips ✈"])
        #expect(try strings(cafe, "//*[@aria-current='page']") == ["Café de Flore, Paris"])
        let photo = try library.page("Trips/Café de Flore/terrace.html")
        #expect(try strings(photo, "//nav[@class='breadcrumbs']//a/@href")
                == ["../../index.html", "../index.html", "index.html#p-terrace"])
        // Rendition URLs climb to the site's root.
        #expect(try strings(photo, "//figure//img/@src").allSatisfy { $0.hasPrefix("../../renditions/") })
        // The photo page offers every rendition and says how wide it shows the
        // image, so a phone does not fetch the large one.
        let srcset = try #require(try strings(photo, "//figure//img/@srcset").first)
        #expect(srcset.split(separator: ",").allSatisfy { $0.hasSuffix("w") })
        #expect(srcset.split(separator: ",").allSatisfy { $0.trimmingCharacters(in: .whitespaces).hasPrefix("../../renditions/") })
        let sizes = try #require(try strings(photo, "//figure//img/@sizes").first)
        let width = try #require(try strings(photo, "//figure//img/@width").first)
        // Beside the caption column from 64rem, under it below (the theme's --iw).
        #expect(sizes.hasPrefix("(min-width: 64rem) min(calc(100vw - 24px - 2rem - clamp(14rem, 22vw, 20rem)), "
                                + "calc((100vh - 5rem) * "), "\(sizes)")
        #expect(sizes.contains(", \(width)px), min(calc(100vw - 24px), calc((100vh - 12rem) * "), "\(sizes)")
        #expect(sizes.hasSuffix(", \(width)px)"), "\(sizes)")
    }

    /// Every page names the site's icon (the home cover's smallest
    /// rendition), so no browser asks for a missing /favicon.ico.
    @Test(arguments: ["index.html", "Trips/index.html", "Trips/Café de Flore/index.html", "Trips/Café de Flore/terrace.html"])
    func everyPageNamesTheSameIconThatExists(_ path: String) throws {
        _ = try library.result.get()
        let hrefs = try strings(try library.page(path), "//link[@rel='icon']/@href")
        #expect(hrefs.count == 1, "\(path): \(hrefs)")
        let href = try #require(hrefs.first)
        let folder = library.output.file(path).deletingLastPathComponent()
        let target = folder.appendingPathComponent(href.removingPercentEncoding ?? href).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: target.path), "\(path): \(href)")
        let home = try strings(try library.page("index.html"), "//link[@rel='icon']/@href").first
        #expect(target == library.output.file(home ?? "").standardizedFileURL)
    }

    @Test func previousAndNextStayInsideTheirAlbum() throws {
        _ = try library.result.get()
        let stream = "Trips/溪流 #2/"
        // sort: name-desc in that album.
        let first = try library.page(stream + "IMG_0003.html"), last = try library.page(stream + "IMG_0001.html")
        #expect(try strings(first, "//a[@rel='prev']/@href") == [])
        #expect(try strings(first, "//a[@rel='next']/@href") == ["IMG_0002.html"])
        #expect(try strings(last, "//a[@rel='next']/@href") == [])
        let lake = try library.page("lake-1.html")
        #expect(try strings(lake, "//a[@rel='next']/@href") == [])
    }

    @Test func sortingByDateUsesTheInstantNotTheWallClock() throws {
        _ = try library.result.get()
        let dawn = try library.page("🌅 Dawn 100%/index.html")
        #expect(try strings(dawn, "//div[contains(@class,'photo-grid')]//a[@class='tile']/@href")
                == ["a-tokyo.html", "b-london.html", "c-new-york.html"])
        let tokyo = try library.page("🌅 Dawn 100%/a-tokyo.html")
        #expect(try strings(tokyo, "//time/@datetime") == ["2024-05-12T09:00:00+09:00"])
    }

    @Test func sortIsInheritedUnlessAnAlbumSaysOtherwise() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        for name in ["a/x1.jpg", "a/x2.jpg", "a/b/y1.jpg", "a/b/y2.jpg", "a/c/z1.jpg", "a/c/z2.jpg"] {
            try root.write(name, photo)
        }
        try root.write("album.json", Data(#"{"sort": "name-desc"}"#.utf8))
        try root.write("a/c/album.json", Data(#"{"sort": "name", "order": ["z2.jpg"]}"#.utf8))
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.photos.map(\.path) == ["a/x2.jpg", "a/x1.jpg", "a/c/z2.jpg", "a/c/z1.jpg", "a/b/y2.jpg", "a/b/y1.jpg"])
        // Six copies of one photo: its renditions are made once.
        let made = Set(report.photos.flatMap { $0.renditions.map(\.path) })
        #expect(made.count == report.photos[0].renditions.count)
        #expect(report.renditionsMade == report.photos[0].renditions.count)
    }

    @Test func aDuplicateInAnotherAlbumSharesItsRenditions() throws {
        let report = try library.result.get()
        let lake = report.photos.first { $0.path == "lake #1.jpg" }, copy = report.photos.first { $0.path == "Mixed #sources/lake copy.jpg" }
        let link = report.photos.first { $0.path == "Mixed #sources/hard link to exif-only.jpg" }
        let original = report.photos.first { $0.path == "Mixed #sources/exif-only.jpg" }
        #expect(lake != nil && lake?.renditions == copy?.renditions)
        #expect(link != nil && link?.renditions == original?.renditions)
    }

    @Test func sidecarsGiveTitlesCaptionsAndCovers() throws {
        let report = try library.result.get()
        func details(_ path: String) -> PhotoDetails? { report.photos.first { $0.path == path }?.details }
        #expect(details("Trips/Café de Flore/espresso.jpg")?.title == "Espresso")
        #expect(details("Trips/Café de Flore/espresso.jpg")?.caption == "Small and strong.")
        #expect(details("Trips/Café de Flore/terrace.jpg")?.caption == "Chairs facing the street.")
        #expect(details("Trips/Café de Flore/terrace.jpg")?.keywords == ["terrace", "paris"])
        #expect(details("Trips/Café de Flore/terrace.jpg")?.dateSource == .sigal)
        #expect(details("Trips/溪流 #2/IMG_0001.jpg")?.caption == "Stones under water")
        #expect(details("Trips/溪流 #2/IMG_0001.jpg")?.keywords == ["stream", "stone, round", "溪流"])
        #expect(details("Trips/溪流 #2/IMG_0003.jpg")?.caption == "album.json beats picasa.ini")
        #expect(details("Mixed #sources/décor nfd.jpg".decomposedStringWithCanonicalMapping)?.title == "Décor")
        let stream = try library.page("Trips/溪流 #2/index.html")
        #expect(try strings(stream, "//h1") == ["Mountain stream 溪流"])
        #expect(try strings(stream, "//p[@class='description']") == ["Clear water, cold.", "Second paragraph."])
    }
}

/// One row of `Tests/Fixtures/Library/EXPECTED.md`: what must win for a photo.
struct ExpectedDetails: Sendable, CustomTestStringConvertible {
    var path: String
    var title: String?
    var caption: String?
    var alt: String?
    var keywords: [String] = []
    var dateSource: MetadataSource?
    var testDescription: String { path }
}

/// Every caption source, in precedence order, on the photos of the fixture library.
@Suite struct MetadataPrecedenceTests {
    @Test(arguments: [
        ExpectedDetails(path: "lake #1.jpg", title: "Lake (XPTitle)", caption: "The lake, as album.json tells it",
                        alt: "A blue gradient", keywords: ["lake", "root"], dateSource: .exif),
        ExpectedDetails(path: "Mixed #sources/all-sources.jpg", title: "Sidecar title (all)", caption: "album.json caption (all)",
                        alt: "Sidecar alt (all)", keywords: ["album-json", "all"], dateSource: .xmp),
        ExpectedDetails(path: "Mixed #sources/xmp-sidecar.jpg", title: "Lightroom sidecar title", caption: "Lightroom sidecar caption",
                        alt: "Embedded XMP alt (sidecar)", keywords: ["lightroom", "sidecar", "Zürich"], dateSource: .exif),
        ExpectedDetails(path: "Mixed #sources/both-sidecars.jpg", title: "NAME.EXT.xmp title (wins)",
                        caption: "NAME.xmp caption (used: the other has none)"),
        ExpectedDetails(path: "Mixed #sources/embedded-xmp.jpg", title: "Embedded XMP title", caption: "Embedded XMP caption",
                        alt: "Embedded XMP alt", keywords: ["embedded", "xmp", "溪流"], dateSource: .xmp),
        ExpectedDetails(path: "Mixed #sources/iptc.jpg", title: "IPTC object name", caption: "IPTC caption",
                        keywords: ["iptc", "café", "溪流"], dateSource: .exif),
        ExpectedDetails(path: "Mixed #sources/iptc-headline.jpg", title: "IPTC headline only", caption: "IPTC caption (headline)",
                        alt: "album.json alt (headline)"),
        ExpectedDetails(path: "Mixed #sources/exif-only.jpg", title: "XP title ✓", caption: "First line Second line", dateSource: .exif),
        ExpectedDetails(path: "Mixed #sources/xpcomment-only.jpg", caption: "XP comment as the caption"),
        ExpectedDetails(path: "Mixed #sources/lake copy.jpg", title: "Lake (XPTitle)", caption: "Lake at noon, from EXIF", dateSource: .exif),
        ExpectedDetails(path: "Trips/Café de Flore/terrace.jpg", title: "Terrace at nine", caption: "Chairs facing the street.",
                        alt: "Wicker chairs facing a street", keywords: ["terrace", "paris"], dateSource: .sigal),
        ExpectedDetails(path: "Trips/Café de Flore/croissant #2.jpg", caption: "Croissant, from EXIF only"),
        ExpectedDetails(path: "Trips/溪流 #2/IMG_0002.jpg", caption: "XMP ripple caption", keywords: ["stream"]),
    ])
    func theStrongestSourceWinsFieldByField(_ expected: ExpectedDetails) throws {
        let report = try BuiltLibrary.shared.result.get()
        let photo = try #require(report.photos.first { $0.path == expected.path })
        #expect(photo.details.title == expected.title)
        #expect(photo.details.caption == expected.caption)
        #expect(photo.details.alt == expected.alt)
        #expect(photo.details.keywords == expected.keywords)
        #expect(photo.details.dateSource == expected.dateSource)
    }

    @Test func xmpDatesAndSignedOrientationsAreRead() throws {
        let report = try BuiltLibrary.shared.result.get()
        let embedded = try #require(report.photos.first { $0.path == "Mixed #sources/embedded-xmp.jpg" })
        #expect(embedded.details.date == PhotoDate(year: 2023, month: 3, day: 3, hour: 12, minute: 0, second: 0))
        let slong = try #require(report.photos.first { $0.path == "Mixed #sources/orientation-slong.jpg" })
        #expect((slong.displayWidth, slong.displayHeight) == (8, 16))
        #expect(PhotoDate(parsing: "2024-05-12T14:03:07.25+02:00")?.offsetMinutes == 120)
        #expect(PhotoDate(parsing: "2024-05-12T14:03:07Z")?.machineText == "2024-05-12T14:03:07+00:00")
        #expect(PhotoDate(parsing: "2024-05-12T14:03:07-0530")?.offsetMinutes == -330)
        #expect(PhotoDate(parsing: "2024-05-12")?.offsetMinutes == nil)
    }

    @Test func aBrokenSidecarIsAWarningAndThePhotoIsStillPublished() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        try root.write("a.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try root.write("a.jpg.xmp", Data("<x:xmpmeta><rdf:RDF".utf8))
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.photos.count == 1)
        #expect(report.warnings.map { ($0.path as NSString).lastPathComponent } == ["a.jpg.xmp"])
    }
}

@Suite struct AlbumTreeEdgeTests {
    @Test func linksAreFollowedOnlyToFilesInsideTheAlbum() throws {
        let root = TemporaryFolder(), outside = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try root.write("a/real.jpg", photo)
        try outside.write("secret.jpg", photo)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.file("inside.jpg").path, withDestinationPath: "a/real.jpg")
        try manager.createSymbolicLink(atPath: root.file("outside.jpg").path, withDestinationPath: outside.file("secret.jpg").path)
        try manager.createSymbolicLink(atPath: root.file("folder").path, withDestinationPath: "a")
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.photos.map(\.path) == ["inside.jpg", "a/real.jpg"])
        #expect(report.warnings.map(\.reason) == [.linkToFolder, .linkOutsideAlbum])
    }

    @Test func anAlbumJsonEntryForASkippedFileIsNotASecondWarning() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        try root.write("a.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        // A QOI Cascade cannot render yet: one warning for it, not a second for its album.json entry.
        try root.write("b.qoi", Data([0x71, 0x6F, 0x69, 0x66, 0, 0, 0, 2, 0, 0, 0, 3, 3, 0]))
        try root.write("album.json", Data(#"{"photos": {"b.qoi": {"caption": "x"}, "gone.jpg": {"caption": "y"}}}"#.utf8))
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.warnings.map(\.path).map { ($0 as NSString).lastPathComponent } == ["b.qoi"])
        #expect(report.notices.map(\.reason) == [.unknownPhoto(name: "gone.jpg")])
    }

    @Test func aCoverNamingNothingIsANoticeNotASkippedFile() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        try root.write("a/x.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try root.write("a/album.json", Data(#"{"cover": "nope.jpg"}"#.utf8))
        // Not fatal under --strict: a cover that is gone is an edit in progress.
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates, strict: true))
        #expect(report.warnings.isEmpty)
        #expect(report.notices.map(\.reason) == [.unknownCover(name: "nope.jpg")])
    }

    @Test func keywordAlbumsGatherEveryPhotoCarryingTheKeyword() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        for name in ["a/x.jpg", "a/y.jpg", "b/z.jpg"] { try root.write(name, photo) }
        try root.write("album.json", Data(#"{"keywordAlbums": true}"#.utf8))
        try root.write("a/album.json", Data(#"{"photos": {"x.jpg": {"keywords": ["Sea", "dawn"]}, "y.jpg": {"keywords": ["sea"]}}}"#.utf8))
        try root.write("b/album.json", Data(#"{"photos": {"z.jpg": {"keywords": ["Dawn"]}}}"#.utf8))
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.photos.count == 3)
        let sea = try XMLDocument(data: Data(contentsOf: output.file("keywords/Sea/index.html")), options: [])
        #expect(try strings(sea, "//h1") == ["Sea"])
        #expect(try strings(sea, "//div[contains(@class,'photo-grid')]//a[@class='tile']/@href") == ["x.html", "y.html"])
        let dawn = try XMLDocument(data: Data(contentsOf: output.file("keywords/dawn/index.html")), options: [])
        #expect(try strings(dawn, "//div[contains(@class,'photo-grid')]//a[@class='tile']/@href") == ["x.html", "z.html"])
        let x = try XMLDocument(data: Data(contentsOf: output.file("a/x.html")), options: [])
        #expect(try strings(x, "//ul[@class='keywords']//a/@href") == ["../keywords/Sea/index.html", "../keywords/dawn/index.html"])
        let home = try XMLDocument(data: Data(contentsOf: output.file("index.html")), options: [])
        #expect(try strings(home, "//a[contains(@class,'album-tile')]/@href").last == "keywords/index.html")
    }

    @Test(arguments: [
        ("sub/album.json", "{\n  \"keywordAlbums\": true}", "sub/album.json':2:3: \"keywordAlbums\" applies to the whole site, so only the album root's album.json may set it"),
        ("album.json", #"{"keywordAlbums": 1}"#, "\"keywordAlbums\" must be true or false"),
    ])
    func keywordAlbumsIsARootSwitch(file: String, json: String, message: String) throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        try root.write("sub/x.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try root.write(file, Data(json.utf8))
        #expect {
            try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        } throws: { error in
            (error as? BuildError)?.description.contains(message) == true
        }
    }

    @Test func aRemovedAlbumLeavesNoPagesOrFolderAndAHandEditedManifestDeletesNoFolder() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try root.write("a/x.jpg", photo)
        try root.write("b/c/y.jpg", photo)
        let options = BuildOptions(album: root.url, output: output.url, templates: Repo.templates)
        _ = try Site.build(options)
        #expect(FileManager.default.fileExists(atPath: output.file("b/c/y.html").path))
        try FileManager.default.removeItem(at: root.file("b"))
        // The user's own folder, named in the manifest by hand: never deleted.
        try output.write("mine/notes.txt", Data("keep".utf8))
        let manifest = output.file(".cascade-manifest")
        try Data((String(decoding: try Data(contentsOf: manifest), as: UTF8.self) + "mine\n").utf8).write(to: manifest)
        _ = try Site.build(options)
        #expect(!FileManager.default.fileExists(atPath: output.file("b").path))
        #expect(FileManager.default.fileExists(atPath: output.file("a/x.html").path))
        #expect(try Data(contentsOf: output.file("mine/notes.txt")) == Data("keep".utf8))
    }

    @Test func aBrokenAlbumJsonFailsTheBuildNamingTheFileAndKey() throws {
        let output = TemporaryFolder()
        let broken = Repo.root.appendingPathComponent("Tests/Fixtures/LibraryBroken")
        #expect {
            try Site.build(BuildOptions(album: broken, output: output.url, templates: Repo.templates))
        } throws: { error in
            let text = (error as? BuildError)?.description ?? ""
            return text.contains("LibraryBroken/album.json") && text.contains("unknown key \"captoin\"")
        }
        // Nothing was written: the album.json is read before any photo is opened.
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path).isEmpty)
    }

    @Test func aPhotoPageNeverTakesTheNameOfASubAlbumFolder() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try root.write("x.jpg", photo)
        try root.write("x.html/y.jpg", photo)
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.photos.count == 2)
        #expect(FileManager.default.fileExists(atPath: output.file("x-2.html").path))
        #expect(FileManager.default.fileExists(atPath: output.file("x.html/index.html").path))
    }

    @Test func aFolderThatClashesWithAPageFailsBeforeAnythingIsWritten() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        let photo = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try root.write("a.jpg", photo)
        try root.write("index.html/b.jpg", photo)
        #expect(throws: BuildError.pathClash(path: "index.html")) {
            try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path).isEmpty)
    }

    /// A page path that is also a folder of another path, compared without
    /// case, is a clash; the first in sorted order is named. Lowercasing can
    /// lengthen a name (`İ` is two bytes, its lowercase three), so such a
    /// path is never passed over by its length.
    @Test(arguments: [
        (["a/index.html", "a/x.html", "b/index.html"], nil),
        (["a.html", "a.html/index.html"], "a.html"),
        (["Photos/index.html", "photos", "x.html"], "photos"),
        (["z/index.html", "z/q/r/index.html", "z/Q", "a/B", "a/b/c.html"], "a/B"),
        (["İ/x.html", "i̇"], "i̇"),
        (["i̇/x.html", "İ"], "İ"),
        (["deep/er/still/page.html", "deep/er", "deep/er/still"], "deep/er"),
    ] as [([String], String?)])
    func aPathThatIsAlsoAFolderClashes(_ paths: [String], clash: String?) {
        if let clash {
            #expect(throws: BuildError.pathClash(path: clash)) { try SitePages.checkNoFileIsAFolder(paths) }
            #expect(throws: BuildError.pathClash(path: clash)) { try SitePages.checkNoFileIsAFolder(paths.reversed()) }
        } else {
            #expect(throws: Never.self) { try SitePages.checkNoFileIsAFolder(paths) }
        }
    }

    @Test func emptyFoldersAndFoldersOfNotesAreNotAlbums() throws {
        let root = TemporaryFolder(), output = TemporaryFolder()
        try root.write("x.jpg", Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try FileManager.default.createDirectory(at: root.file("empty/deeper"), withIntermediateDirectories: true)
        try root.write("notes/readme.md", Data("hello".utf8))
        let report = try Site.build(BuildOptions(album: root.url, output: output.url, templates: Repo.templates))
        #expect(report.albums == 1)
        #expect(!FileManager.default.fileExists(atPath: output.file("empty").path))
        #expect(!FileManager.default.fileExists(atPath: output.file("notes").path))
    }
}

@Suite struct CompanionNameTests {
    @Test("A companion file is told by its extension as Foundation reads it", arguments: [
        "IMG_0001.JPG", "notes.md", "NOTES.TXT", "a.b.json", "album.json", ".picasa.ini", ".hidden", "noext",
        "trailing.", "photo.jpeg", "x.XMP", "weird.j pg", "ümlaut.Md", "café.ÉXT", "two..dots.txt", "a.tar.gz",
    ])
    func extensionAsFoundationReadsIt(name: String) {
        let foundation = AlbumListing.ignoredExtensions.contains((name as NSString).pathExtension.lowercased())
        #expect(AlbumListing.isIgnored(name) == foundation)
    }
}
