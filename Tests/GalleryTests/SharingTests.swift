import Foundation
import FoundationXML
@testable import Gallery
import ImageHeaders
import MarkupCheck
import Mustache
import Testing

/// Issue 13: link previews (Open Graph, Twitter cards), canonical links,
/// Atom feeds and the sitemap — absolute URLs only with `--base-url`.
struct SharingTests {
    static let base = "https://example.com/my%20photos/"
    static let caption = #"Tricky "<>&' caption"#

    /// A small tree: two photos at the root (one with a hostile caption),
    /// two in `Trip A`, one in `Trip A/Día 2`.
    static func album(in folder: TemporaryFolder) throws -> URL {
        let album = folder.file("album")
        let files = [("dogs.jpg", ""), ("bridge.jpg", ""), ("chelsea.png", "Trip A/"), ("aitzgorri.jpg", "Trip A/"),
                     ("clock.jpg", "Trip A/Día 2/")]
        for (name, sub) in files {
            let source = Repo.samplePhotoPaths.first { $0.0 == name }!.1
            try folder.write("album/" + sub + name, Data(contentsOf: source))
        }
        let json = """
        {"title": "Home & away", "description": "Our trips.\\n\\nSecond paragraph.",
         "photos": {"dogs.jpg": {"caption": \(JSONText.quoted(caption))}}}
        """
        try folder.write("album/album.json", Data(json.utf8))
        return album
    }

    static func build(_ album: URL, into output: URL, base: String? = nil) throws {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates, strictTemplates: true)
        options.baseURL = base.flatMap { BaseURL($0) }
        _ = try Site.build(options)
    }

    /// Every file of the output folder with its text, bookkeeping files
    /// included; renditions (binary) left out.
    static func texts(_ folder: URL) throws -> [String: String] {
        try snapshot(folder).filter { !$0.key.hasPrefix("renditions/") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static func meta(_ property: String, in page: String) -> [String] {
        let marker = "property=\"\(property)\" content=\""
        let twitter = "name=\"\(property)\" content=\""
        return page.components(separatedBy: "\n").compactMap { line in
            guard let range = line.range(of: marker) ?? line.range(of: twitter) else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func withoutABaseURLNothingAbsoluteIsWritten() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        try Self.build(album, into: folder.file("site"))
        let files = try Self.texts(folder.file("site"))
        #expect(files.keys.contains("index.html") && files.keys.contains("Trip A/index.html"))
        for (path, text) in files {
            #expect(!text.contains("http://") && !text.contains("https://"), "\(path) holds an absolute URL")
        }
        #expect(files["feed.xml"] == nil && files["sitemap.xml"] == nil && files["Trip A/feed.xml"] == nil)
        for (path, page) in files where path.hasSuffix(".html") {
            #expect(Self.meta("og:type", in: page) == ["website"], "\(path)")
            #expect(Self.meta("og:site_name", in: page) == ["Home &amp; away"], "\(path)")
            #expect(Self.meta("og:title", in: page).count == 1, "\(path)")
            #expect(Self.meta("twitter:card", in: page) == ["summary"], "\(path)")
            #expect(Self.meta("og:url", in: page).isEmpty && Self.meta("og:image", in: page).isEmpty, "\(path)")
            #expect(!page.contains("rel=\"canonical\"") && !page.contains("application/atom+xml"), "\(path)")
        }
        let home = try #require(files["index.html"])
        #expect(Self.meta("og:description", in: home) == ["Our trips. Second paragraph."])
        // An album without a description: no og:description.
        #expect(Self.meta("og:description", in: try #require(files["Trip A/index.html"])).isEmpty)
    }

    @Test func valuesAreEscapedByTheTemplateEngine() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        try Self.build(album, into: folder.file("site"), base: Self.base)
        let page = try String(contentsOf: folder.file("site/dogs.html"), encoding: .utf8)
        let escaped = "Tricky &quot;&lt;&gt;&amp;&#39; caption"
        #expect(Self.meta("og:description", in: page) == [escaped])
        #expect(Self.meta("og:title", in: page) == [escaped])
        #expect(Self.meta("og:image:alt", in: page) == [escaped])
        #expect(!page.contains(Self.caption))
        let feed = try String(contentsOf: folder.file("site/feed.xml"), encoding: .utf8)
        #expect(feed.contains("<summary>\(escaped)</summary>") && !feed.contains(Self.caption))
    }

    @Test func withABaseURLEveryPageHasItsAbsoluteURLAndImage() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let site = folder.file("site")
        try Self.build(album, into: site, base: "https://example.com/my%20photos")
        let files = try Self.texts(site)
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count == 3 + 5)  // 3 album pages, 5 photo pages
        let encodedBase = "https://example.com/my%20photos/"
        for path in pages {
            let page = try #require(files[path])
            let url = encodedBase + URLPath.relative(path.split(separator: "/").map(String.init))
            #expect(Self.meta("og:url", in: page) == [url], "\(path)")
            #expect(page.contains("<link rel=\"canonical\" href=\"\(url)\" />"), "\(path)")
            #expect(Self.meta("twitter:card", in: page) == ["summary_large_image"], "\(path)")
            let image = try #require(Self.meta("og:image", in: page).first, "\(path)")
            #expect(image.hasPrefix(encodedBase + "renditions/"), "\(path)")
            let file = String(image.dropFirst(encodedBase.count)).removingPercentEncoding!
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(path): \(file)")
            let width = try #require(Self.meta("og:image:width", in: page).first.flatMap { Int($0) })
            #expect(width > 0 && image.contains("-\(width)"), "\(path): \(image)")
            #expect(Self.meta("og:image:height", in: page).count == 1 && Self.meta("og:image:alt", in: page).count == 1)
        }
        // Album pages link their feed, relative.
        for path in ["index.html", "Trip A/index.html", "Trip A/Día 2/index.html"] {
            #expect(files[path]?.contains(#"<link rel="alternate" type="application/atom+xml" href="feed.xml""#) == true,
                    "\(path)")
        }
    }

    @Test func feedsAreAtomWithEntriesThatResolveToPages() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let site = folder.file("site")
        try Self.build(album, into: site, base: Self.base)
        let base = Self.base
        let expected = ["feed.xml": 5, "Trip A/feed.xml": 3, "Trip A/Día 2/feed.xml": 1]
        for (path, count) in expected {
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            #expect(XMLCheck.check(text).issues.isEmpty, "\(path)")
            let feed = try FeedReading(Data(text.utf8))
            #expect(feed.rootNamespace == "http://www.w3.org/2005/Atom", "\(path)")
            #expect(feed.root == "feed")
            #expect(feed.entryIDs.count == count, "\(path)")
            #expect(Set(feed.entryIDs).count == count)
            #expect(feed.entryIDs == feed.entryLinks)
            for id in feed.entryIDs {
                #expect(id.hasPrefix(base), "\(id)")
                let file = String(id.dropFirst(base.count)).removingPercentEncoding!
                #expect(file.hasSuffix(".html"))
                #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(file).path), "\(id)")
            }
            #expect(feed.updated.allSatisfy { $0.count >= 20 && ($0.hasSuffix("Z") || $0.dropLast(6).count == 19) })
        }
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let reading = try FeedReading(Data(sitemap.utf8))
        #expect(reading.root == "urlset" && reading.rootNamespace == "http://www.sitemaps.org/schemas/sitemap/0.9")
        let pages = try Self.texts(site).keys.filter { $0.hasSuffix(".html") }
        let listed = reading.locations.map { String($0.dropFirst(base.count)).removingPercentEncoding! }
        #expect(Set(listed) == Set(pages) && listed.count == pages.count)
        // The manifest lists them as Cascade's.
        let manifest = try String(contentsOf: site.appendingPathComponent(OutputFolder.manifestName), encoding: .utf8)
        #expect(manifest.contains("sitemap.xml") && manifest.contains("feed.xml"))
    }

    @Test func outputIsDeterministicAndStaleFeedsAreRemoved() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        try Self.build(album, into: folder.file("one"), base: Self.base)
        try Self.build(album, into: folder.file("two"), base: Self.base)
        let one = try Self.texts(folder.file("one")), two = try Self.texts(folder.file("two"))
        for path in one.keys where path.hasSuffix(".xml") || path.hasSuffix(".html") {
            #expect(one[path] == two[path], "\(path) differs between two builds")
        }
        // Rebuilt in place, unchanged: same bytes; without the base URL the feeds go.
        try Self.build(album, into: folder.file("one"), base: Self.base)
        #expect(try Self.texts(folder.file("one"))["feed.xml"] == one["feed.xml"])
        try Self.build(album, into: folder.file("one"))
        let after = try Self.texts(folder.file("one"))
        #expect(after["feed.xml"] == nil && after["sitemap.xml"] == nil && after["Trip A/feed.xml"] == nil)
        #expect(after.values.allSatisfy { !$0.contains("https://") })
    }

    /// A copy of the default theme with `change` applied to its folder.
    static func theme(in folder: TemporaryFolder, _ change: (URL) throws -> Void) throws -> URL {
        let theme = folder.file("theme")
        try FileManager.default.copyItem(at: Repo.templates, to: theme)
        try change(theme)
        return theme
    }

    @Test func anIllFormedFeedFailsTheBuildAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let theme = try Self.theme(in: folder) { theme in
            try Data("<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>{{title}}</feed>\n".utf8)
                .write(to: theme.appendingPathComponent("feed.xml.mustache"))
        }
        var options = BuildOptions(album: album, output: folder.file("site"), templates: theme)
        options.baseURL = BaseURL(Self.base)
        #expect {
            _ = try Site.build(options)
        } throws: { error in
            guard case .markupCheckFailed(let page, let issue, _, _)? = error as? BuildError else { return false }
            return page.hasSuffix("feed.xml") && issue.line == 1
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("site/index.html").path))
    }

    @Test func aThemeWithoutFeedTemplatesHasNoFeeds() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let theme = try Self.theme(in: folder) { theme in
            try FileManager.default.removeItem(at: theme.appendingPathComponent("feed.xml.mustache"))
            try FileManager.default.removeItem(at: theme.appendingPathComponent("sitemap.xml.mustache"))
        }
        var options = BuildOptions(album: album, output: folder.file("site"), templates: theme, strictTemplates: true)
        options.baseURL = BaseURL(Self.base)
        _ = try Site.build(options)
        let files = try Self.texts(folder.file("site"))
        #expect(files.keys.allSatisfy { !$0.hasSuffix(".xml") })
        #expect(files["index.html"].map { !$0.contains("application/atom+xml") && $0.contains("og:url") } == true)
    }

    @Test func aPhotoAddedDeepDownReachesEveryFeedAboveIt() throws {
        let folder = TemporaryFolder()
        let album = try Self.album(in: folder)
        let site = folder.file("site")
        try Self.build(album, into: site, base: Self.base)
        let source = Repo.samplePhotoPaths.first { $0.0 == "analog.jpg" }!.1
        try folder.write("album/Trip A/Día 2/analog.jpg", Data(contentsOf: source))
        try Self.build(album, into: site, base: Self.base)
        for (path, count) in ["feed.xml": 6, "Trip A/feed.xml": 4, "Trip A/Día 2/feed.xml": 2] {
            let feed = try FeedReading(Data(contentsOf: site.appendingPathComponent(path)))
            #expect(feed.entryIDs.count == count, "\(path)")
            #expect(feed.entryIDs.contains { $0.hasSuffix("/analog.html") }, "\(path)")
        }
        let sitemap = try FeedReading(Data(contentsOf: site.appendingPathComponent("sitemap.xml")))
        #expect(sitemap.locations.contains { $0.hasSuffix("/D%C3%ADa%202/analog.html") })
        // The same as a cold build.
        try Self.build(album, into: folder.file("cold"), base: Self.base)
        let warm = try Self.texts(site), cold = try Self.texts(folder.file("cold"))
        for path in cold.keys where path.hasSuffix(".xml") || path.hasSuffix(".html") {
            #expect(warm[path] == cold[path], "\(path)")
        }
    }

    @Test func aFeedListsTheNewestFiftyByDateThenName() throws {
        var photos: [Photo] = []
        for number in 0..<60 {
            var photo = Photo(fileName: String(format: "p%02d.jpg", number),
                              header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))
            // Two photos per day; the last ten undated.
            if number < 50 { photo.details.date = PhotoDate(year: 2024, month: 1, day: 1 + number / 2, hour: 12, minute: 0) }
            photo.renditions = [RenditionFile(width: 1200, height: 900, path: "renditions/\(number).jpg")]
            photos.append(photo)
        }
        var model = PageModel(title: "Site", photos: photos)
        model.baseURL = BaseURL("https://example.com")
        let feeds = SiteFeeds(models: [model], baseURL: model.baseURL!, hasPhotoPages: true, generator: "Cascade test")
        guard case .object(let feed) = feeds.feed(0), case .list(let entries)? = feed["entries"] else {
            Issue.record("no entries"); return
        }
        #expect(entries.count == SiteFeeds.entryLimit)
        let ids = entries.compactMap { entry -> String? in
            guard case .object(let fields) = entry, case .string(let id)? = fields["id"] else { return nil }
            return id
        }
        // Day 25 holds p48 and p49: by name within the day; undated p50…p59 are past the limit.
        #expect(ids.prefix(3) == ["https://example.com/p48.html", "https://example.com/p49.html",
                                  "https://example.com/p46.html"])
        #expect(ids.last == "https://example.com/p01.html")
        #expect(feed["updated"] == .string("2024-01-25T12:00:00Z"))
    }

    @Test func pastTheLimitTheSitemapIsAnIndexOfParts() throws {
        let photos = (0..<6).map { Photo(fileName: "p\($0).jpg", header: ImageHeader(format: .jpeg,
                                                                                   storedSize: PixelSize(width: 4, height: 3))) }
        let model = PageModel(title: "Site", photos: photos)
        let base = try #require(BaseURL("https://example.com/g/"))
        var feeds = SiteFeeds(models: [model], baseURL: base, hasPhotoPages: true, generator: "Cascade test")
        #expect(feeds.sitemapPaths() == ["sitemap.xml"])
        feeds.sitemapLimit = 3
        #expect(feeds.sitemapPaths() == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        let library = try TemplateLibrary.load(directory: Repo.templates)
        var locations: [String] = []
        for (number, file) in feeds.sitemaps().enumerated() {
            let text = try library.render(SiteFeeds.sitemapName, file.value, options: []).text
            #expect(XMLCheck.check(text).issues.isEmpty, "\(file.path)")
            let reading = try FeedReading(Data(text.utf8))
            #expect(reading.root == (number == 0 ? "sitemapindex" : "urlset"), "\(file.path)")
            if number == 0 {
                #expect(reading.sitemaps == ["https://example.com/g/sitemap-1.xml", "https://example.com/g/sitemap-2.xml",
                                             "https://example.com/g/sitemap-3.xml"])
            } else {
                #expect(reading.locations.count <= 3)
                locations += reading.locations
            }
        }
        #expect(locations == ["index.html"] .map { "https://example.com/g/" + $0 } + (0..<6).map { "https://example.com/g/p\($0).html" })
    }

    @Test(arguments: [
        (PhotoDate(year: 2024, month: 5, day: 12), "2024-05-12T00:00:00Z"),
        (PhotoDate(year: 2024, month: 5, day: 12, hour: 14, minute: 3, second: 7), "2024-05-12T14:03:07Z"),
        (PhotoDate(parsing: "2024-05-12T14:03:07+02:00")!, "2024-05-12T14:03:07+02:00"),
        (PhotoDate(parsing: "2024-05-12T14:03-05:30")!, "2024-05-12T14:03:00-05:30"),
    ])
    func atomDatesComeFromThePhoto(_ date: PhotoDate, _ text: String) {
        #expect(AtomDate.text(date) == text)
    }

    @Test(arguments: [
        ("https://example.com", "https://example.com/"),
        ("HTTP://Example.COM:8080/Photos", "http://example.com:8080/Photos/"),
        ("https://example.com/a/b/", "https://example.com/a/b/"),
        ("https://example.com/my%20photos", "https://example.com/my%20photos/"),
    ])
    func aBaseURLIsNormalised(_ text: String, _ expected: String) {
        #expect(BaseURL(text)?.text == expected)
    }

    @Test(arguments: ["", "example.com", "/photos", "ftp://example.com/", "https://", "https://example.com/?a=1",
                      "https://example.com/#x", "https://user@example.com/", "https://exa mple.com/", "mailto:a@b.c"])
    func aBadBaseURLIsRejected(_ text: String) {
        #expect(BaseURL(text) == nil)
    }

    @Test func theShareImageIsTheRenditionClosestTo1200() {
        let widths = [320, 640, 1000, 1280, 1600]
        let files = widths.map { RenditionFile(width: $0, height: $0, path: "r/\($0).jpg") }
        #expect(PageModel.shareRendition(files)?.width == 1280)
        #expect(PageModel.shareRendition(Array(files.prefix(3)))?.width == 1000)
        #expect(PageModel.shareRendition([]) == nil)
    }
}

/// What an Atom feed or a sitemap holds, read with Foundation's XMLParser.
private final class FeedReading: NSObject, XMLParserDelegate {
    var root: String?
    var rootNamespace: String?
    var entryIDs: [String] = []
    var entryLinks: [String] = []
    var updated: [String] = []
    var locations: [String] = []
    var sitemaps: [String] = []
    private var path: [String] = []
    private var text = ""

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if root == nil { root = name; rootNamespace = namespaceURI }
        if path == ["feed", "entry"], name == "link", attributes["rel"] == "alternate", let href = attributes["href"] {
            entryLinks.append(href)
        }
        path.append(name)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch path {
        case ["feed", "entry", "id"]: entryIDs.append(text)
        case ["feed", "entry", "updated"], ["feed", "updated"]: updated.append(text)
        case ["urlset", "url", "loc"]: locations.append(text)
        case ["sitemapindex", "sitemap", "loc"]: sitemaps.append(text)
        default: break
        }
        path.removeLast()
    }
}
