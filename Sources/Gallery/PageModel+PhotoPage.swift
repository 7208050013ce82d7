import Mustache

extension PageModel {
    /// The data of photo `index`'s own page: the photo (every tile field plus
    /// date and camera), its neighbours and the way back to its tile.
    public func photoPageValue(_ index: Int, generator: String) -> Value {
        var page = commonFields(generator: generator)
        let photo = photoFields(index)
        page["photo"] = .object(photo)
        page["albumTitle"] = .string(title)
        if case .string(let heading)? = photo["heading"] {
            page["pageTitle"] = .string(heading + " — " + title)
        }
        page["back"] = .string("index.html#p-" + URLPath.encodeFragment(slugs[index]))
        if index > 0 { page["previous"] = neighbour(index - 1) }
        if index + 1 < photos.count { page["next"] = neighbour(index + 1) }
        return .object(page)
    }

    private func neighbour(_ index: Int) -> Value {
        let fields = photoFields(index)
        return .object([
            "page": fields["page"] ?? .null,
            "heading": fields["heading"] ?? .null,
            "large": fields["large"] ?? .null,
        ])
    }
}
