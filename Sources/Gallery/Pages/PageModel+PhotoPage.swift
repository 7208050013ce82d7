import Mustache

extension PageModel {
    /// The data of photo `index`'s own page: the photo (every tile field plus
    /// date and camera), its neighbours and the way back to its tile.
    public func photoPageValue(_ index: Int, generator: String, fields: [[String: Value]]? = nil) -> Value {
        let fields = fields ?? allPhotoFields()
        var page = commonFields(generator: generator)
        let photo = fields[index]
        page["photo"] = .object(photo)
        page["albumTitle"] = .string(title)
        if let copyright { page["copyright"] = .string(copyright) }
        if case .string(let heading)? = photo["heading"] {
            page["pageTitle"] = .string(strings.format("photoPageTitle", ["photo": heading, "album": title]))
        }
        let back = tileHref(index)
        page["back"] = .string(back)
        // Nested albums: the way up, this photo's album last.
        page["hasBreadcrumbs"] = .bool(!ancestors.isEmpty)
        page["breadcrumbs"] = .list((ancestors + [Breadcrumb(title: title, href: back)]).map {
            .object(["title": .string($0.title), "href": .string($0.href)])
        })
        if case .string(let heading)? = photo["heading"] { page["currentTitle"] = .string(heading) }
        page["share"] = photoShare(index, fields: photo)
        if index > 0 { page["previous"] = neighbour(fields[index - 1]) }
        if index + 1 < photos.count { page["next"] = neighbour(fields[index + 1]) }
        return .object(page)
    }

    private func neighbour(_ fields: [String: Value]) -> Value {
        .object([
            "page": fields["page"] ?? .null,
            "heading": fields["heading"] ?? .null,
            "large": fields["large"] ?? .null,
        ])
    }
}
