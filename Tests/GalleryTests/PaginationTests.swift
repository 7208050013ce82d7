import Foundation
@testable import Gallery
import ImageHeaders
import MarkupCheck
import Mustache
import Testing

/// A long album's photos spread over `index.html`, `page2.html`, …: every
/// photo on exactly one page, each page a valid page of its own, and every
/// way back to a tile leading to the page that holds it.
@Suite struct PaginationTests {
    static func photos(_ count: Int) -> [Photo] {
        let sizes = [(4032, 3024), (3024, 4032), (1600, 351), (1080, 1080)]
        return (0..<count).map { index in
            let size = sizes[(index * 7) % sizes.count]
            var photo = Photo(fileName: "IMG_\(index).jpg", header: ImageHeader(format: .jpeg,
                              storedSize: PixelSize(width: size.0, height: size.1)))
            photo.renditions = [320, 640].map { width in
                RenditionFile(width: width, height: width * size.1 / size.0, path: "renditions/\(index)-\(width).jpg")
            }
            return photo
        }
    }

    /// The `id`s of the tiles on a page, in page order.
    static func tileIDs(_ html: String) -> [String] {
        html.components(separatedBy: "id=\"p-").dropFirst().compactMap { $0.split(separator: "\"").first.map { "p-" + $0 } }
    }

    @Test("2,500 photos at 1,000 a page: three valid pages holding every tile once, and photo pages pointing back to theirs")
    func longAlbumIsSplit() throws {
        let theme = try Theme.load(Repo.templates)
        var model = PageModel(title: "Big", photos: Self.photos(2500))
        model.photosPerPage = 1000
        model.path = ["Big"]
        let files = try theme.render([model], generator: "Cascade test", strictTemplates: true)
        let pages = files.filter { $0.template == "page" }
        #expect(pages.map(\.path) == ["Big/index.html", "Big/page2.html", "Big/page3.html"])
        var holder: [String: String] = [:]
        for page in pages {
            #expect(PageCheck.check(page.text, allowing: theme.allowance).isEmpty, "\(page.path)")
            for id in Self.tileIDs(page.text) {
                #expect(holder.updateValue(page.path, forKey: id) == nil, "\(id) on two pages")
            }
            // Each page is a first load of its own: its first screen is eager.
            let tiles = try RenderedPage(html: page.text).tiles
            #expect(tiles.contains { !$0.lazy } && tiles.contains { $0.lazy })
        }
        #expect(pages.map { Self.tileIDs($0.text).count } == [1000, 1000, 500])
        #expect(holder.count == 2500)
        // Photo 1,500's page goes back to page 2, at its tile.
        let photo = try #require(files.first { $0.path == "Big/IMG_1500.html" })
        #expect(photo.text.contains("class=\"back\" href=\"page2.html#p-IMG_1500\""))
        #expect(holder["p-IMG_1500"] == "Big/page2.html")
        let middle = pages[1].text
        #expect(middle.contains("<link rel=\"prev\" href=\"index.html\" />"))
        #expect(middle.contains("<link rel=\"next\" href=\"page3.html\" />"))
        #expect(middle.contains("<title>Big — Page 2</title>"))
        #expect(middle.contains("<a href=\"page2.html\" aria-current=\"page\" aria-label=\"Page 2\">2</a>"))
        // Only the first page has the totals (a photo added leaves the others as they were).
        #expect(pages[0].text.contains("2,500 photos · Page 1 of 3"))
        #expect(middle.contains("<p class=\"count\">Page 2</p>"))
        // The viewer counts in the album: page 3 starts at photo 2,001, of the total photos.json lists.
        #expect(pages.map { $0.text.contains("data-total=\"2500\"") } == [true, false, false])
        #expect(pages[2].text.contains("data-first=\"2000\" data-photos=\"photos.json\""))
        #expect(!pages[0].text.contains("rel=\"prev\""))
        #expect(!pages[2].text.contains("rel=\"next\""))
    }

    @Test("Pages only past the limit", arguments: [(1000, 1000, 1), (1001, 1000, 2), (2000, 1000, 2), (2001, 1000, 3),
                                                   (5, 0, 1), (0, 10, 1), (7, 1, 7)])
    func pageCount(photos: Int, perPage: Int, pages: Int) {
        var model = PageModel(title: "A", photos: Self.photos(photos))
        model.photosPerPage = perPage
        #expect(model.albumPageCount == pages)
        // Every photo is on the page its range says, in order.
        let ranges = (0..<pages).map(model.photoRange(onPage:))
        #expect(ranges.flatMap { Array($0) } == Array(0..<photos))
        for (page, range) in ranges.enumerated() {
            #expect(range.allSatisfy { model.albumPage(ofPhoto: $0) == page })
        }
    }

    @Test("The pager shows the first page (and on it the last) and two pages either side, with gaps between")
    func pagerWindow() throws {
        var model = PageModel(title: "A", photos: Self.photos(10))
        model.photosPerPage = 1
        func numbers(_ page: Int) throws -> [String] {
            guard case .object(let pager)? = model.paginationValue(page: page),
                  case .list(let links)? = pager["links"] else { throw PagerError() }
            return links.map { link in
                guard case .object(let fields) = link else { return "?" }
                if case .bool(true)? = fields["gap"] { return "…" }
                guard case .string(let number)? = fields["number"] else { return "?" }
                if case .bool(true)? = fields["current"] { return "[\(number)]" }
                return number
            }
        }
        #expect(try numbers(0) == ["[1]", "2", "3", "…", "10"])
        // Past the first page the last is left out (it moves when a photo is
        // added): a gap says more pages follow.
        #expect(try numbers(4) == ["1", "…", "3", "4", "[5]", "6", "7", "…"])
        #expect(try numbers(3) == ["1", "2", "3", "[4]", "5", "6", "…"])
        #expect(try numbers(7) == ["1", "…", "6", "7", "[8]", "9", "10"])
        #expect(try numbers(9) == ["1", "…", "8", "9", "[10]"])
        model.photosPerPage = 0
        #expect(model.paginationValue(page: 0) == nil)
    }

    struct PagerError: Error {}

    /// Builds the six-photo album two a page, and the same again.
    static func build(_ album: URL, _ output: URL, perPage: Int) throws -> BuildReport {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.photosPerPage = perPage
        options.baseURL = BaseURL("https://example.com/")
        return try Site.build(options)
    }

    @Test("A built album split in pages: listed in the sitemap, kept when nothing changed, and a page no longer needed removed")
    func builtPages() throws {
        let folder = TemporaryFolder()
        let album = try MarkupVerdictsTests.album(in: folder)
        let site = folder.file("site")
        _ = try Self.build(album, site, perPage: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: site.path)
        #expect(Set(names).isSuperset(of: ["index.html", "page2.html", "page3.html"]))
        #expect(!names.contains("page4.html"))
        let sitemap = String(decoding: try Data(contentsOf: site.appendingPathComponent("sitemap.xml")), as: UTF8.self)
        #expect(sitemap.contains("<loc>https://example.com/page3.html</loc>"))
        #expect(try Site.check(folder: site, templates: Repo.templates).issues.isEmpty)
        // Nothing changed: no page is rendered again.
        #expect(try Self.build(album, site, perPage: 2).pagesRendered == 0)
        // Three a page: page 3 was Cascade's and goes; the site is a cold build's.
        _ = try Self.build(album, site, perPage: 3)
        let cold = folder.file("cold")
        _ = try Self.build(album, cold, perPage: 3)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("page3.html").path))
        #expect(try snapshot(site) == snapshot(cold))
    }

    @Test("An album growing past a page and shrinking back, photo by photo: each rebuild is a cold build's site, and a photo named page2 never takes the page's name")
    func growsAndShrinksAcrossPages() throws {
        let folder = TemporaryFolder()
        let album = try MarkupVerdictsTests.album(in: folder)
        let site = folder.file("site")
        let extra = Repo.samplePhotoPaths[0].1
        _ = try Self.build(album, site, perPage: 3)
        // 6 photos on two pages, then 7 (a third page), then the seventh renamed page2.jpg, then 6 again (two pages).
        let steps: [(add: String?, remove: String?, pages: Int)] = [
            (add: "zz-extra.jpg", remove: nil, pages: 3),
            (add: "page2.jpg", remove: "zz-extra.jpg", pages: 3),
            (add: nil, remove: "page2.jpg", pages: 2),
        ]
        for step in steps {
            if let name = step.add { try FileManager.default.copyItem(at: extra, to: album.appendingPathComponent(name)) }
            if let name = step.remove { try FileManager.default.removeItem(at: album.appendingPathComponent(name)) }
            _ = try Self.build(album, site, perPage: 3)
            let cold = folder.file("cold-\(step.pages)-\(step.add ?? "none")")
            _ = try Self.build(album, cold, perPage: 3)
            #expect(try snapshot(site) == snapshot(cold), "after adding \(step.add ?? "-"), removing \(step.remove ?? "-")")
            let pages = try FileManager.default.contentsOfDirectory(atPath: site.path)
                .filter { $0 == "index.html" || PhotoSlug.isAlbumPageName(String($0.dropLast(5))) }
            #expect(pages.count == step.pages, "\(pages.sorted())")
            if step.add == "page2.jpg" {
                #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("page2-2.html").path))
            }
        }
        let last = String(decoding: try Data(contentsOf: site.appendingPathComponent("page2.html")), as: UTF8.self)
        #expect(last.contains("aria-current=\"page\""))
    }
}
