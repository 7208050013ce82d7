import Mustache

extension PageModel {
    /// The data of photo `index`'s own page: the photo (every tile field plus
    /// date and camera), its neighbours and the way back to its tile.
    ///
    /// Nothing in it depends on how many photos the album has, nor (unless
    /// the photo is named only by its number) on where the photo stands: the
    /// page leaves out the tile's `index` and `position` and the album's
    /// `count` and `countLabel`, and a photo without a name is `Photo 3`, not
    /// `Photo 3 of 28`. So one photo added to an album of 100,000 changes its
    /// neighbours' pages, not all of them (``photoPageDigests(context:own:)``);
    /// the theme's script shows `3 of 28` from the album's ``photoIndexName``.
    public func photoPageValue(_ index: Int, generator: String, fields: [[String: Value]]? = nil) -> Value {
        var page = commonFields(generator: generator)
        page["count"] = nil
        page["countLabel"] = nil
        let photo = photoPageFields(index, tile: Self.made(fields, index) ?? photoFields(index))
        page["photo"] = .object(photo)
        page["albumTitle"] = .string(title)
        if let copyright { page["copyright"] = .string(copyright) }
        if case .string(let heading)? = photo["heading"] {
            page["pageTitle"] = .string(strings.format("photoPageTitle", ["photo": heading, "album": title]))
        }
        let back = tileHref(index)
        page["back"] = .string(back)
        page["photoIndex"] = .string(Self.photoIndexName)
        // Nested albums: the way up, this photo's album last.
        page["hasBreadcrumbs"] = .bool(!ancestors.isEmpty)
        page["breadcrumbs"] = .list((ancestors + [Breadcrumb(title: title, href: back)]).map {
            .object(["title": .string($0.title), "href": .string($0.href)])
        })
        if case .string(let heading)? = photo["heading"] { page["currentTitle"] = .string(heading) }
        page["share"] = photoShare(index, fields: photo)
        if index > 0 { page["previous"] = neighbour(index - 1, fields: fields) }
        if index + 1 < photos.count { page["next"] = neighbour(index + 1, fields: fields) }
        return .object(page)
    }

    /// Photo `index`'s tile fields as its page and its neighbours' pages show
    /// them: without the tile's place in the album (`index`, `position`), and
    /// named `Photo 3` rather than `Photo 3 of 28` when it has no name.
    func photoPageFields(_ index: Int, tile: [String: Value]) -> [String: Value] {
        var fields = tile
        fields["index"] = nil
        fields["position"] = nil
        let details = photos[index].details
        let numbered = ["n": strings.number(index + 1)]
        func ordinal() -> String {
            guard let date = details.date else { return strings.format("photoOrdinal", numbered) }
            return strings.format("photoOrdinalDated", numbered.merging(["date": strings.date(date)]) { a, _ in a })
        }
        let byNumber = numberedText(index)
        if byNumber.heading { fields["heading"] = .string(ordinal()) }
        if byNumber.alt { fields["alt"] = .string(ordinal()) }
        return fields
    }

    /// Whether photo `index`'s heading and alt text fall back to its number
    /// (the same fallbacks as ``PhotoText``: no title, caption or readable
    /// file name): then its page, and its neighbours', change when a photo
    /// before it comes or goes.
    func numberedText(_ index: Int) -> (heading: Bool, alt: Bool) {
        let details = photos[index].details
        guard details.title == nil, PhotoText.name(of: photos[index]) == nil else { return (false, false) }
        return (details.captionHTML != nil || details.caption == nil, details.alt == nil && details.caption == nil)
    }

    /// Photo `index`'s fields if `fields` has them made (a build makes only
    /// those its batch of pages needs: ``Theme/render(_:generator:strictTemplates:keep:extras:rendered:)``).
    private static func made(_ fields: [[String: Value]]?, _ index: Int) -> [String: Value]? {
        guard let fields, fields.indices.contains(index), !fields[index].isEmpty else { return nil }
        return fields[index]
    }

    private func neighbour(_ index: Int, fields: [[String: Value]]?) -> Value {
        let fields = photoPageFields(index, tile: Self.made(fields, index) ?? photoFields(index))
        return .object([
            "page": fields["page"] ?? .null,
            "heading": fields["heading"] ?? .null,
            "large": fields["large"] ?? .null,
        ])
    }

    /// The album's list of its photo pages, beside its `index.html`, that the
    /// theme's script reads to show `3 of 28` on a photo page: written once
    /// per album, so the photo pages themselves need not change with the count.
    static let photoIndexName = "photos.json"

    /// ``photoIndexName``'s text: `{"photos":["IMG_0001",…]}`, each photo's
    /// slug (its page's name without `.html`) in album order.
    func photoIndexText() -> String {
        var text = "{\"photos\":["
        text.reserveCapacity(16 + slugs.reduce(0) { $0 + $1.utf8.count + 3 })
        for (number, slug) in slugs.enumerated() {
            if number > 0 { text += "," }
            text += JSONText.quoted(slug)
        }
        text += "]}\n"
        return text
    }
}
