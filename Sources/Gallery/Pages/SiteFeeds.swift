import Mustache

/// The Atom feeds and the sitemap of a build with a base URL: pure data
/// for `feed.xml.mustache` and `sitemap.xml.mustache`, made from every
/// album's model. Rendered fresh on every build (they depend on several
/// albums, and are small), never kept from the last one.
///
/// Each album's `feed.xml` lists the newest photos of the album and of
/// every album below it (keyword albums only in their own feeds), so the
/// home page's, at the site's root, is the feed of the whole site.
struct SiteFeeds {
    let models: [PageModel]
    let baseURL: BaseURL
    /// Whether photos have their own pages (else entries link to their tiles).
    let hasPhotoPages: Bool
    let generator: String
    /// At most this many URLs per sitemap file (the sitemaps.org limit):
    /// past it `sitemap.xml` becomes an index of `sitemap-1.xml`, ….
    var sitemapLimit = 50_000

    /// At most this many entries per feed, the newest.
    static let entryLimit = 50
    static let feedName = "feed.xml"
    static let sitemapName = "sitemap.xml"

    /// Whether model `number` has a feed: some photo in it or below it, and
    /// it is not unlisted (a feed is a list for anyone to follow).
    func hasFeed(_ number: Int) -> Bool {
        !models[number].noindex && members(of: number).contains { !models[$0].photos.isEmpty }
    }

    /// Each feed's path and data, the home page's first.
    func feeds() -> [(path: String, value: Value)] {
        models.indices.filter(hasFeed).map { number in
            (models[number].outputPath(Self.feedName), feed(number))
        }
    }

    /// The models whose photos model `number`'s feed lists: itself and the
    /// albums below it, keyword albums only if it is one.
    func members(of number: Int) -> [Int] {
        let model = models[number]
        return models.indices.filter { index in
            let other = models[index]
            guard other.path.count >= model.path.count, Array(other.path.prefix(model.path.count)) == model.path else {
                return false
            }
            return !other.noindex && (index == number || model.isVirtual || !other.isVirtual)
        }
    }

    /// The data of model `number`'s feed.
    func feed(_ number: Int) -> Value {
        let model = models[number]
        var seen: Set<String> = []
        var entries: [FeedEntry] = []
        for member in members(of: number) {
            for (index, photo) in models[member].photos.enumerated() where seen.insert(photo.path).inserted {
                entries.append(FeedEntry(photoPath: photo.path, date: photo.details.date, name: photo.fileName,
                                         album: member, index: index))
            }
        }
        entries.sort(by: FeedEntry.newestFirst)
        let shown = entries.prefix(Self.entryLimit)
        let updated = shown.compactMap(\.date).max { $0.sortKey < $1.sortKey }.map(AtomDate.text) ?? AtomDate.undated
        var feed: [String: Value] = [
            "title": .string(model.path.isEmpty ? model.title
                : model.strings.format("feedTitle", ["album": model.title, "site": model.siteName])),
            "lang": .string(model.strings.language),
            "id": .string(baseURL.url(of: model.path + ["index.html"])),
            "href": .string(baseURL.url(of: model.path + ["index.html"])),
            "self": .string(baseURL.url(of: model.path + [Self.feedName])),
            "updated": .string(updated),
            "author": .string(model.siteName),
            "generator": .string(generator),
            "entries": .list(shown.map { .object(value(of: $0)) }),
        ]
        if let description = model.description, !description.isEmpty {
            feed["subtitle"] = .string(description.components(separatedBy: "\n\n").joined(separator: " "))
        }
        return .object(feed)
    }

    /// An entry's data for the template.
    private func value(of entry: FeedEntry) -> [String: Value] {
        let album = models[entry.album], index = entry.index
        let photo = album.photos[index]
        let page = hasPhotoPages
            ? baseURL.url(of: album.path + [album.pagePath(index)])
            : baseURL.url(of: album.path + [album.albumPageName(album.albumPage(ofPhoto: index))]) + "#p-"
                + URLPath.encodeFragment(album.slugs[index])
        var value: [String: Value] = [
            "id": .string(page),
            "href": .string(page),
            "title": .string(PhotoText.heading(of: photo, position: index + 1, count: album.photos.count,
                                               strings: album.strings)),
            "alt": .string(PhotoText.alt(of: photo, position: index + 1, count: album.photos.count, strings: album.strings)),
            "updated": .string(photo.details.date.map(AtomDate.text) ?? AtomDate.undated),
        ]
        if let caption = photo.details.caption, !caption.isEmpty { value["summary"] = .string(caption) }
        if let image = PageModel.shareRendition(photo.renditions) {
            value["image"] = .object([
                "src": .string(baseURL.url(of: image.path.split(separator: "/").map(String.init))),
                "width": .int(image.width), "height": .int(image.height),
                "type": .string(image.path.hasSuffix(".png") ? "image/png" : "image/jpeg"),
            ])
        }
        return value
    }

    /// The models the sitemap lists: all but the unlisted albums'.
    private var listedModels: [PageModel] { models.filter { !$0.noindex } }

    /// Every listed page's path from the site's root, in the order pages are rendered.
    func pagePaths() -> [[String]] {
        listedModels.flatMap { model in
            (0..<model.albumPageCount).map { model.path + [model.albumPageName($0)] }
                + (hasPhotoPages ? model.photos.indices.map { model.path + [model.pagePath($0)] } : [])
        }
    }

    /// The sitemap files' paths: `sitemap.xml` alone, or the index and its parts.
    func sitemapPaths() -> [String] {
        let count = listedModels.reduce(0) { $0 + $1.albumPageCount + (hasPhotoPages ? $1.photos.count : 0) }
        guard count > sitemapLimit else { return [Self.sitemapName] }
        let parts = (count + sitemapLimit - 1) / sitemapLimit
        return [Self.sitemapName] + (1...parts).map { "sitemap-\($0).xml" }
    }

    /// Each sitemap file's path and data (`isIndex`; `pages` as `{loc}`, or
    /// in an index `sitemaps` as `{loc}`), `sitemap.xml` first.
    func sitemaps() -> [(path: String, value: Value)] {
        let locations: [Value] = pagePaths().map { .object(["loc": .string(baseURL.url(of: $0))]) }
        let paths = sitemapPaths()
        guard paths.count > 1 else {
            return [(Self.sitemapName, .object(["isIndex": .bool(false), "pages": .list(locations)]))]
        }
        let parts = paths.dropFirst()
        var files: [(path: String, value: Value)] = [(Self.sitemapName, .object([
            "isIndex": .bool(true),
            "sitemaps": .list(parts.map { .object(["loc": .string(baseURL.url(of: [$0]))]) }),
        ]))]
        for (number, path) in parts.enumerated() {
            let slice = locations[(number * sitemapLimit)..<min(locations.count, (number + 1) * sitemapLimit)]
            files.append((path, .object(["isIndex": .bool(false), "pages": .list(Array(slice))])))
        }
        return files
    }
}
