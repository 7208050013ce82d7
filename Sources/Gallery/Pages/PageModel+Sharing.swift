import Mustache

extension PageModel {
    /// The width link previews are drawn at: networks show about 1200×630.
    static let shareWidth = 1200

    /// The rendition whose width is closest to ``shareWidth`` (the wider of
    /// two as close), or nil when there is none.
    static func shareRendition(_ renditions: [RenditionFile]) -> RenditionFile? {
        renditions.min { a, b in
            let da = abs(a.width - shareWidth), db = abs(b.width - shareWidth)
            return da != db ? da < db : a.width > b.width
        }
    }

    /// The home page's title: the site's name.
    var siteName: String { ancestors.first?.title ?? title }

    /// The absolute URL of `name`, a file of this album's folder (nil
    /// without a base URL).
    func absoluteURL(_ name: String) -> String? {
        baseURL?.url(of: path + [name])
    }

    /// The absolute URL of a rendition (its path is from the site's root).
    func absoluteURL(of rendition: RenditionFile) -> String? {
        baseURL?.url(of: rendition.path.split(separator: "/").map(String.init))
    }

    /// Album page `page`'s `share`: Open Graph and Twitter-card data (see the
    /// README's template variables). Absolute URLs only with a base URL.
    func albumShare(page: Int = 0) -> Value {
        let summary = description.map { $0.components(separatedBy: "\n\n").joined(separator: " ") }
        return share(title: title, summary: summary, page: albumPageName(page), image: shareImage,
                     alt: shareImageAlt ?? title)
    }

    /// Photo `index`'s page `share`; `fields` are its ``photoFields(_:)``.
    func photoShare(_ index: Int, fields: [String: Value]) -> Value {
        var heading = title, alt = title
        if case .string(let text)? = fields["heading"] { heading = text }
        if case .string(let text)? = fields["alt"] { alt = text }
        return share(title: heading, summary: photos[index].details.caption, page: pagePath(index),
                     image: Self.shareRendition(photos[index].renditions), alt: alt)
    }

    private func share(title: String, summary: String?, page: String, image: RenditionFile?, alt: String) -> Value {
        var share: [String: Value] = [
            "type": .string("website"),
            "siteName": .string(siteName),
            "title": .string(title),
            "card": .string("summary"),
        ]
        if let summary, !summary.isEmpty { share["summary"] = .string(summary) }
        if let url = absoluteURL(page) { share["url"] = .string(url) }
        if let image, let src = absoluteURL(of: image) {
            share["image"] = .object(["src": .string(src), "width": .int(image.width), "height": .int(image.height),
                                      "alt": .string(alt)])
            share["card"] = .string("summary_large_image")
        }
        return .object(share)
    }
}
