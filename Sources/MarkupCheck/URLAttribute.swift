/// The attributes that hold a URL: the one table every URL rule of the
/// check reads (script schemes, `data:`, forms sent off the site, resources
/// from another host), so no attribute is checked for one and forgotten
/// for another.
///
/// Names are matched ASCII case-insensitively, as an HTML parser lowercases
/// them (`<a HREF>` is a link); a prefixed name counts only as `xlink:href`,
/// the one prefixed URL attribute an HTML parser knows (in SVG).
enum URLAttribute {
    /// How an attribute's text holds its URLs.
    enum Shape: Sendable {
        /// One URL: `href`, `src`, `action`, …
        case single
        /// Image candidates, `url descriptor, url descriptor`: `srcset`.
        case candidates
        /// URLs separated by ASCII whitespace: `ping`.
        case tokens
    }

    /// Every URL-bearing attribute, lowercased, with its shape.
    static let shapes: [String: Shape] = [
        "href": .single, "xlink:href": .single, "src": .single, "action": .single, "formaction": .single,
        "poster": .single, "data": .single, "background": .single, "cite": .single, "manifest": .single,
        "srcset": .candidates, "imagesrcset": .candidates,
        "ping": .tokens,
    ]

    /// Attributes that send a form: a URL there receives what the visitor types.
    static let submitting: Set<String> = ["action", "formaction"]

    /// The attribute `prefix:name` as a page holds it: its lowercased name
    /// (the table's key) and shape; nil when it holds no URL. Cheap for the
    /// common case of a lowercase name.
    static func lookup(name: String, prefix: String?) -> (key: String, shape: Shape)? {
        guard let prefix else {
            if let shape = shapes[name] { return (name, shape) }
            let key = name.asciiLowercased
            return key == name ? nil : shapes[key].map { (key, $0) }
        }
        return prefix.asciiLowercased == "xlink" && name.asciiLowercased == "href" ? ("xlink:href", .single) : nil
    }

    /// The name an issue shows: as written, with its prefix.
    static func written(name: String, prefix: String?) -> String {
        prefix.map { "\($0):\(name)" } ?? name
    }

    /// Where a browser loads a whole document, which may run script, from
    /// the URL: a `data:` URL there is reported as a document.
    static func loadsDocument(element: String, attribute: String, isSVG: Bool) -> Bool {
        if isSVG {
            return (attribute == "href" || attribute == "xlink:href") && ["use", "image", "feImage"].contains(element)
        }
        switch element {
        case "iframe", "frame", "embed": return attribute == "src"
        case "object": return attribute == "data"
        default: return false
        }
    }

    /// Where a raster `data:` image may come from data: an image's source.
    /// Nothing decoded there as a PNG, JPEG, GIF, WebP or AVIF can run
    /// script; an SVG is a document that runs script wherever it is loaded
    /// as one, so it is never taken from data (a theme may write its own).
    static func takesImage(element: String, attribute: String, isSVG: Bool) -> Bool {
        !isSVG && (element == "img" || element == "source") && (attribute == "src" || attribute == "srcset")
    }
}
