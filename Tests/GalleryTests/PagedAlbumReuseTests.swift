import Foundation
import Testing
@testable import Gallery

/// An album over many pages says how many photos (and pages) it has on its
/// first page only: the pages after it show their position ("Page 7",
/// "Photo 301") and links two pages on, and each has its own digest. So a
/// photo added at the end of a long album renders the first page, the last
/// few and the new one, not every page, and the site equals a cold build's.
@Suite("Album pages kept one by one")
struct PagedAlbumReuseTests {
    static func numbered(_ number: Int) -> String { "IMG_" + String(format: "%04d", number) }

    static func text(_ site: URL, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: site.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test("A photo added at the end of 500 on pages of 50 makes an 11th page: the first page, the last three and the new one are rendered, with two photo pages")
    func photoAddedMakesANewPage() throws {
        let folder = TemporaryFolder()
        let album = try PhotoPageReuseTests.album(in: folder, (1...500).map(Self.numbered))
        let site = folder.file("site")
        #expect(try PhotoPageReuseTests.build(album, site, perPage: 50).pagesRendered == 510)
        let before = try Self.text(site, "page5.html")
        let counts = try PhotoPageReuseTests.addAndRemove(Self.numbered(501), album: album, site: site, folder: folder,
                                                          perPage: 50)
        // Album pages 1, 8, 9, 10 and the new 11; the new photo's page and its neighbour's.
        #expect(counts.added == 7)
        // Album pages 1, 8, 9 and 10; the last photo's page.
        #expect(counts.removed == 5)
        #expect(try Self.text(site, "page5.html") == before)
    }

    @Test("A photo added in the middle renders the pages its tiles shift through, and the site is a cold build's")
    func photoAddedInTheMiddle() throws {
        let folder = TemporaryFolder()
        let names = (1...250).map(PhotoPageReuseTests.readable)
        let album = try PhotoPageReuseTests.album(in: folder, names)
        let site = folder.file("site")
        _ = try PhotoPageReuseTests.build(album, site, perPage: 50)
        // Sorted between view-0200-a and view-0201-a, the first tile of page 5 of 5.
        let counts = try PhotoPageReuseTests.addAndRemove("view-0200-b", album: album, site: site, folder: folder,
                                                          perPage: 50)
        // Album pages 1 (the count), 3 and 4 (their links now reach a page
        // short of the end), 5 (its tiles) and the new 6; the new photo's
        // page, its two neighbours', and view-0250-a's, whose tile moves to page 6.
        #expect(counts.added == 9)
        // The same but the new page and the new photo's.
        #expect(counts.removed == 7)
    }

    @Test("Only the first page has the totals: the others show their number, name photos by number alone and point the viewer at photos.json")
    func totalsOnTheFirstPageOnly() throws {
        let folder = TemporaryFolder()
        let album = try PhotoPageReuseTests.album(in: folder, (1...120).map(Self.numbered))
        let site = folder.file("site")
        _ = try PhotoPageReuseTests.build(album, site, perPage: 50)
        let first = try Self.text(site, "index.html")
        #expect(first.contains(#"<p class="count">120 photos · Page 1 of 3</p>"#))
        #expect(first.contains(#"data-first="0" data-total="120">"#))
        #expect(first.contains(#"alt="Photo 1 of 120""#))
        #expect(first.contains(#"<a href="page3.html" aria-label="Page 3">3</a>"#))
        let second = try Self.text(site, "page2.html")
        #expect(second.contains(#"<p class="count">Page 2</p>"#))
        #expect(second.contains(#"data-first="50" data-photos="photos.json">"#))
        #expect(second.contains(#"alt="Photo 51""#))
        #expect(second.contains("<title>album — Page 2</title>"))
        #expect(!second.contains("120 photos") && !second.contains("of 120") && !second.contains("of 3"),
                "no total on a later page")
        #expect(!second.contains("data-total"))
    }

    @Test("A later album page's digest follows its photos and how far its links reach, not the album's total")
    func laterPageDigests() throws {
        let header = try sampleHeader("coffee.jpg")
        func digests(_ count: Int) -> [ContentHash] {
            var model = PageModel(title: "A", photos: (1...count).map { Photo(fileName: Self.numbered($0) + ".jpg", header: header) })
            model.photosPerPage = 10
            return model.laterAlbumPageDigests(context: ["test"], own: model.ownPhotoDigests())
        }
        let before = digests(100), after = digests(101)
        #expect(before.count == 9 && after.count == 10)
        // Pages 2…10 (indices 0…8): 8, 9 and 10 reach the end with their links, the rest keep their digests.
        #expect(before.indices.filter { before[$0] != after[$0] } == [6, 7, 8])
    }
}
