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

    /// At most this many entries per feed, the newest.
    static let entryLimit = 50
    static let feedName = "feed.xml"
    static let sitemapName = "sitemap.xml"

    /// Whether model `number` has a feed: some photo in it or below it.
    func hasFeed(_ number: Int) -> Bool {
        members(of: number).contains { !models[$0].photos.isEmpty }
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
            return index == number || model.isVirtual || !other.isVirtual
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
            "title": .string(model.path.isEmpty ? model.title : model.title + " — " + model.siteName),
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
            : baseURL.url(of: album.path + ["index.html"]) + "#p-" + URLPath.encodeFragment(album.slugs[index])
        var value: [String: Value] = [
            "id": .string(page),
            "href": .string(page),
            "title": .string(PhotoText.heading(of: photo, position: index + 1, count: album.photos.count)),
            "alt": .string(PhotoText.alt(of: photo, position: index + 1, count: album.photos.count)),
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

    /// The sitemap's data: every page's absolute URL, in the order pages are rendered.
    func sitemap() -> Value {
        var pages: [Value] = []
        for model in models {
            pages.append(.object(["loc": .string(baseURL.url(of: model.path + ["index.html"]))]))
            if hasPhotoPages {
                pages += model.photos.indices.map { .object(["loc": .string(baseURL.url(of: model.path + [model.pagePath($0)]))]) }
            }
        }
        return .object(["pages": .list(pages)])
    }
}
