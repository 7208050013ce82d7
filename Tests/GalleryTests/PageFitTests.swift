import Foundation
import ImageHeaders
import Mustache
import Testing
import Waterfall
@testable import Gallery

/// Pages that fit what they show: a panorama across the photo page, a
/// cover grid in as many columns as covers, covers never upscaled.
@Suite("Pages fit what they show")
struct PageFitTests {
    static func photo(_ name: String, _ width: Int, _ height: Int, renditions: [(Int, Int)] = []) -> Photo {
        var photo = Photo(fileName: name, header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: width, height: height)))
        photo.renditions = renditions.map { RenditionFile(width: $0.0, height: $0.1, path: "renditions/h-\($0.0).jpg") }
        return photo
    }

    @Test("From 2:1 a photo is wide: its page keeps one column at every width", arguments: [
        (1600, 800, true), (1600, 351, true), (1600, 801, false), (1600, 900, false), (800, 1600, false),
    ])
    func wideFromTwoToOne(width: Int, height: Int, wide: Bool) {
        #expect(PageModel.isWide(width: width, height: height) == wide)
        let sizes = PageModel.photoPageSizes(width: width, height: height, wide: wide)
        #expect(sizes.contains("(min-width: 64rem)") == !wide)
        #expect(sizes.hasPrefix("min(calc(100vw - 24px), ") == wide)
        #expect(sizes.hasSuffix(", \(width)px)"))
    }

    @Test("A panorama's photo page is marked wide, checked, and its album tile still gives the viewer its large image")
    func panoramaPageBuilds() throws {
        let folder = TemporaryFolder()
        let album = folder.file("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        for name in ["aitzgorri-panorama.jpg", "aitzgorri.jpg"] {
            try FileManager.default.copyItem(at: Repo.testPhotos.appendingPathComponent(name),
                                             to: album.appendingPathComponent(name))
        }
        let site = folder.file("site")
        // The build checks every page through libxml2 before writing it.
        _ = try Site.build(BuildOptions(album: album, output: site, templates: Repo.templates))
        let panorama = try String(contentsOf: site.appendingPathComponent("aitzgorri-panorama.html"), encoding: .utf8)
        let landscape = try String(contentsOf: site.appendingPathComponent("aitzgorri.html"), encoding: .utf8)
        #expect(panorama.contains("<div class=\"photo-stage wide\" style=\"--pw:"))
        #expect(landscape.contains("<div class=\"photo-stage\" style=\"--pw:"))
        #expect(!panorama.contains("sizes=\"(min-width: 64rem)"))
        #expect(landscape.contains("sizes=\"(min-width: 64rem)"))
        // The reserved box is the image's ratio either way: nothing moves when it loads.
        #expect(panorama.contains(";--pr:"))
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let tile = try #require(index.components(separatedBy: "\n").first { $0.contains("href=\"aitzgorri-panorama.html\"") })
        #expect(tile.contains("data-large=\"renditions/") && tile.contains("data-large-width="))
        let css = try String(contentsOf: site.appendingPathComponent("style.css"), encoding: .utf8)
        #expect(css.contains(".photo-stage:not(.wide) .photo-main"))
    }

    static func model(covers: [Photo?]) -> PageModel {
        var model = PageModel(title: "Home", photos: [])
        model.albums = covers.enumerated().map { index, cover in
            var album = Album(path: ["a\(index)"], config: AlbumConfig(), sort: .name, files: [])
            album.cover = cover
            return AlbumCard(album: album)
        }
        return model
    }

    static func cards(_ model: PageModel) throws -> (grid: String, cards: [[String: Value]]) {
        guard case .object(let page) = model.value(generator: "test"), case .string(let grid)? = page["albumsGridStyle"],
              case .list(let list)? = page["albums"] else { throw PageFitError.noCovers }
        return (grid, list.compactMap { if case .object(let card) = $0 { card } else { nil } })
    }

    enum PageFitError: Error { case noCovers }

    static func text(_ value: Value?) -> String { if case .string(let text)? = value { text } else { "" } }

    @Test("The cover grid has as many columns as covers, none wider than 480 px", arguments: [1, 2, 3, 7])
    func coverColumnsFollowTheCount(count: Int) throws {
        let cover = Self.photo("c.jpg", 1600, 1200, renditions: [(640, 480), (1600, 1200)])
        let (grid, cards) = try Self.cards(Self.model(covers: Array(repeating: cover, count: count)))
        #expect(grid.hasSuffix(";--km:\(count);--wm:480px"))
        let sizes = Self.text(cards.first?["sizes"])
        // At four columns (from 1200 px) the covers take min(count, 4) of them.
        let k = min(count, 4)
        #expect(sizes.contains("(min-width: 1224px) min(\((100 + k - 1) / k)vw, 480px)"), "\(sizes)")
        #expect(sizes.hasSuffix(", min(100vw, 480px)"))
    }

    @Test("A small video poster's cover is never wider than its pixels")
    func smallPosterIsNotUpscaled() throws {
        var poster = Self.photo("clip.mp4", 240, 98, renditions: [(240, 98)])
        poster.video = RenditionFile(width: 240, height: 98, path: "renditions/h-video.mp4")
        let big = Self.photo("big.jpg", 1600, 1200, renditions: [(640, 480), (1600, 1200)])
        let (_, cards) = try Self.cards(Self.model(covers: [poster, big]))
        // Cropped to 16:9 from 98 px of height: 174 px wide at most.
        #expect(Self.text(cards[0]["style"]).hasSuffix(";--mw:174px"))
        #expect(Self.text(cards[0]["sizes"]).contains("min(50vw, 174px)"))
        #expect(Self.text(cards[1]["style"]).hasSuffix(";--mw:1600px"))
        #expect(AlbumCard.maxWidthTestHook(width: 240, height: 98) == 174)
    }
}

extension AlbumCard {
    /// ``maxWidth`` of a cover with one rendition `width`×`height`.
    static func maxWidthTestHook(width: Int, height: Int) -> Int? {
        var album = Album(path: ["x"], config: AlbumConfig(), sort: .name, files: [])
        album.cover = PageFitTests.photo("x.jpg", width, height, renditions: [(width, height)])
        return AlbumCard(album: album).maxWidth
    }
}

/// Eager tiles from where the grid really starts: the header's estimated
/// height at the narrowest width taken from the first screen.
@Suite("Eagerness below the header")
struct HeaderFoldTests {
    static let squares = (0..<8).map { PageFitTests.photo("p\($0).jpg", 1000, 1000) }

    static func eager(_ model: PageModel) -> [Int] {
        guard case .object(let page) = model.value(generator: "test"), case .list(let tiles)? = page["tiles"] else { return [] }
        return tiles.enumerated().compactMap { index, tile in
            guard case .object(let fields) = tile, case .bool(false)? = fields["lazy"] else { return nil }
            return index
        }
    }

    @Test("A short header: one line of title and the count, about 100 px")
    func shortHeader() {
        let model = PageModel(title: "Walks", photos: Self.squares)
        let heights = model.headerHeights(page: 0)
        #expect(heights.allSatisfy { $0 > 90 && $0 < 110 }, "\(heights)")
        // One 320 px column: squares at 98 + 0, 328, 656 start on an 844 px screen; the fourth (984) does not.
        #expect(Self.eager(model) == [0, 1, 2])
    }

    @Test("A long description pushes the grid down: only tiles above the first screen are eager")
    func longHeader() {
        let paragraph = String(repeating: "A long walk along the ridge in the autumn fog. ", count: 8)
        let model = PageModel(title: "The ridge", description: [paragraph, paragraph].joined(separator: "\n\n"), photos: Self.squares)
        let height = model.headerHeights(page: 0)[0]
        #expect(height > 600, "\(height)")
        #expect(Self.eager(model) == (height < 844 ? [0] : []))
        // Fewer than with no description.
        #expect(Self.eager(model).count < Self.eager(PageModel(title: "The ridge", photos: Self.squares)).count)
    }

    @Test("A Markdown description's blocks and breadcrumbs count too")
    func markdownAndCrumbs() {
        var model = PageModel(title: "Leaf", description: "x", photos: Self.squares)
        let plain = model.headerHeights(page: 0)[0]
        model.descriptionHTML = "<p>One paragraph of text.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n"
        #expect(HeaderEstimate.blocks(ofHTML: model.descriptionHTML!) == ["One paragraph of text.", "one", "two"])
        let markdown = model.headerHeights(page: 0)[0]
        #expect(markdown >= plain + 2 * 24)
        model.ancestors = [Breadcrumb(title: "Home", href: "../index.html")]
        #expect(model.headerHeights(page: 0)[0] >= markdown + 21)
    }

    @Test("An album download's link is a line of the header: the grid starts lower, on the first page only")
    func downloadLine() {
        var model = PageModel(title: "Walks", photos: Self.squares)
        let without = model.headerHeights(page: 0)
        model.download = AlbumDownload(path: "album-x.zip", size: 48_200_000, count: 4)
        let with = model.headerHeights(page: 0)
        for (plain, linked) in zip(without, with) { #expect(linked >= plain + 4 + 24, "\(plain) \(linked)") }
        #expect(model.headerHeights(page: 1) == without)
    }

    @Test("CJK text counts a full em a character: the same number of characters takes more lines")
    func cjkIsWide() {
        let latin = String(repeating: "a", count: 120), cjk = String(repeating: "山", count: 120)
        let latinModel = PageModel(title: "T", description: latin, photos: Self.squares)
        let cjkModel = PageModel(title: "T", description: cjk, photos: Self.squares)
        #expect(HeaderEstimate.isWide("山".unicodeScalars.first!) && !HeaderEstimate.isWide("a".unicodeScalars.first!))
        let latinHeight = latinModel.headerHeights(page: 0)[0], cjkHeight = cjkModel.headerHeights(page: 0)[0]
        // 120 em at 16 px over a 266 px line: 8 lines; 120 × 0.58 em: 5 lines.
        #expect(abs(cjkHeight - latinHeight - 3 * 24) < 0.001, "\(latinHeight) \(cjkHeight)")
        #expect(Self.eager(cjkModel).count <= Self.eager(latinModel).count)
    }

    @Test("The estimate's metrics are the default stylesheet's")
    func metricsAreTheStylesheets() throws {
        let css = try String(contentsOf: Repo.templates.appendingPathComponent("style.css.mustache"), encoding: .utf8)
        for rule in [".album-header { padding: 1.5rem 12px 0.75rem; max-width: 60rem; }",
                     ".album-header h1 { margin: 0; font-size: 1.75rem; line-height: 1.2;",
                     ".album-header .description { margin: 0.5rem 0 0;",
                     ".album-header .count { margin: 0.25rem 0 0;",
                     ".album-header .download { margin: 0.25rem 0 0; }",
                     "margin: 0 0 0.5rem; padding: 0; list-style: none; font-size: 0.875rem; }",
                     "font: 16px/1.5 system-ui"] {
            #expect(css.contains(rule), "\(rule)")
        }
    }

    @Test("An explicit fold still counts from the grid's top")
    func explicitFold() {
        #expect(Self.eager(PageModel(title: "T", description: String(repeating: "word ", count: 400), photos: Self.squares,
                                     foldHeight: 660)) == [0, 1, 2])
    }
}
