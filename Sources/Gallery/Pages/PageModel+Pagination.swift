import Mustache

extension PageModel {
    /// The photos a long album shows on one of its pages unless told
    /// otherwise (`--photos-per-page`). Up to a few thousand tiles one banded
    /// page is better than several (the viewer and find-in-page reach every
    /// photo; measured in `Benchmarks/large-album`), but a page of 100,000
    /// was 72 MB of HTML that a browser had to parse, and a build to hold,
    /// before anything showed; 2,000 tiles are about 1.5 MB.
    static let defaultPhotosPerPage = 2000

    /// How many album pages the photos take: one, unless ``photosPerPage``
    /// is set and the album is longer.
    var albumPageCount: Int {
        guard photosPerPage > 0, photos.count > photosPerPage else { return 1 }
        return (photos.count + photosPerPage - 1) / photosPerPage
    }

    /// Album page `page`'s file name (0-based): `index.html`, then
    /// `page2.html`, `page3.html`… beside it (names no photo page can
    /// take, ``PhotoSlug/isAlbumPageName(_:)``).
    func albumPageName(_ page: Int) -> String {
        page == 0 ? "index.html" : "page\(page + 1).html"
    }

    /// The album page showing photo `index`'s tile.
    func albumPage(ofPhoto index: Int) -> Int {
        albumPageCount == 1 ? 0 : index / photosPerPage
    }

    /// The photos album page `page` shows, in photo order.
    func photoRange(onPage page: Int) -> Range<Int> {
        guard albumPageCount > 1 else { return photos.indices }
        return (page * photosPerPage)..<min(photos.count, (page + 1) * photosPerPage)
    }

    /// The way to photo `index`'s tile from any page of the album: its album
    /// page and the tile's id.
    func tileHref(_ index: Int) -> String {
        albumPageName(albumPage(ofPhoto: index)) + "#p-" + URLPath.encodeFragment(slugs[index])
    }

    /// `Page 1 of 3` on the first page, `Page 2` on the others, in the
    /// album's language: only the first page says how many there are, so
    /// a photo added that makes one more page changes the first page and
    /// those next to the end, not every page (``laterAlbumPageDigests(context:own:)``).
    func pageLabel(_ page: Int) -> String {
        page > 0 ? strings.format("pageLink", ["n": strings.number(page + 1)])
            : strings.format("pageNumber", ["n": strings.number(page + 1), "total": strings.number(albumPageCount)])
    }

    /// Album page `page`'s `pagination` (nil for an album on one page): the
    /// page's number, its neighbours, and links to the first page and the
    /// two either side of this one, with a `gap` where pages are left out;
    /// and where the page's photos start in the album, so the viewer can
    /// count through it all. Only the first page has the album's totals
    /// (`count` of pages, `photoCount`) and a link to the last page: the
    /// others end with a `gap` when more pages follow their links, and
    /// their viewer reads the total from ``photoIndexName`` (`photoIndex`).
    func paginationValue(page: Int) -> Value? {
        let count = albumPageCount
        guard count > 1 else { return nil }
        func link(_ number: Int) -> Value {
            .object(["href": .string(albumPageName(number)), "number": .string(strings.number(number + 1)),
                     "label": .string(strings.format("pageLink", ["n": strings.number(number + 1)])),
                     "current": .bool(number == page), "gap": .bool(false)])
        }
        var links: [Value] = []
        var last = -1
        let gap: Value = .object(["gap": .bool(true), "current": .bool(false)])
        for number in 0..<count where number == 0 || (page == 0 && number == count - 1) || abs(number - page) <= 2 {
            if number > last + 1 { links.append(gap) }
            links.append(link(number))
            last = number
        }
        if last < count - 1 { links.append(gap) }
        var value: [String: Value] = [
            "number": .int(page + 1),
            "label": .string(pageLabel(page)),
            "links": .list(links),
            // For the viewer, which counts and steps through the whole album.
            "firstPhoto": .int(photoRange(onPage: page).lowerBound),
            "photoIndex": .string(Self.photoIndexName),
        ]
        if page == 0 {
            value["count"] = .int(count)
            value["photoCount"] = .int(photos.count)
        }
        if page > 0 { value["previous"] = .object(["href": .string(albumPageName(page - 1))]) }
        if page + 1 < count { value["next"] = .object(["href": .string(albumPageName(page + 1))]) }
        return .object(value)
    }
}
