/// The rules every URL-bearing attribute (``URLAttribute``) is held to,
/// each URL read as a browser reads it (``URLKind``):
///
/// - no `javascript:` or `vbscript:` URL;
/// - no `data:` URL, except a raster image (PNG, JPEG, GIF, WebP, AVIF) in
///   `src` or `srcset` of `<img>` or `<source>`; where a browser loads a
///   document (`<iframe src>`, `<object data>`, SVG `<use href>`, …) it is
///   reported as a document;
/// - no form sent off the site: `action` and `formaction` must be relative.
///   The check does not know the host a site will be served from, and its
///   pages must work from any folder and from `file://`, so any URL with a
///   scheme (`https:`, `mailto:`) or a host (`//host`) counts as elsewhere;
///
/// unless the theme's own template text holds the URL on the same element
/// and attribute (``ScriptAllowance``). Every `srcset` candidate and `ping`
/// URL is checked; an attribute gets each reason once.
enum URLRules {
    /// Why a URL is refused.
    enum Refusal: Equatable {
        case script
        case data
        case dataDocument
        case offSite
    }

    /// The URL issues of one element, in attribute order.
    static func issues(for element: ParsedElement, isSVG: Bool, allowance: ScriptAllowance) -> [MarkupIssue.Kind] {
        var kinds: [MarkupIssue.Kind] = []
        for attribute in element.attributes {
            guard let (key, shape) = URLAttribute.lookup(name: attribute.name, prefix: attribute.prefix) else { continue }
            let refusals = self.refusals(of: attribute.value, shape: shape, element: element.name, attribute: key, isSVG: isSVG)
            guard !refusals.isEmpty else { continue }
            let written = URLAttribute.written(name: attribute.name, prefix: attribute.prefix)
            let elementName = element.qualifiedName
            if allowance.allowsURL(element: elementName, attribute: key, value: attribute.value) { continue }
            for refusal in refusals {
                switch refusal {
                case .script:
                    kinds.append(.unsafeURL(element: elementName, attribute: written))
                case .data:
                    kinds.append(.dataURL(element: elementName, attribute: written))
                case .dataDocument:
                    kinds.append(.dataURLDocument(element: elementName, attribute: written))
                case .offSite:
                    kinds.append(.offSiteSubmission(element: elementName, attribute: written, url: URLBytes.read(attribute.value)))
                }
            }
        }
        return kinds
    }

    /// The distinct refusals of an attribute's value, in the order its URLs first give them.
    static func refusals(of value: String, shape: URLAttribute.Shape, element: String, attribute: String,
                         isSVG: Bool) -> [Refusal] {
        var value = value
        return value.withUTF8 { bytes in
            var found: [Refusal] = []
            func add(_ range: Range<Int>) {
                let kind = URLKind.of(bytes, range)
                if let refusal = refusal(kind, element: element, attribute: attribute, isSVG: isSVG),
                   !found.contains(refusal) {
                    found.append(refusal)
                }
            }
            switch shape {
            case .single:
                add(0..<bytes.count)
            case .candidates:
                SrcsetCandidates.forEach(in: bytes, add)
            case .tokens:
                var start = 0
                for index in 0...bytes.count where index == bytes.count || isHTMLSpace(bytes[index]) {
                    if index > start { add(start..<index) }
                    start = index + 1
                }
            }
            return found
        }
    }

    /// What the rules make of a URL of `kind` in `element`'s `attribute`
    /// (lowercased); nil when it passes.
    static func refusal(_ kind: URLKind, element: String, attribute: String, isSVG: Bool) -> Refusal? {
        switch kind {
        case .relative:
            return nil
        case .script:
            return .script
        case .data(let rasterImage):
            if rasterImage, URLAttribute.takesImage(element: element, attribute: attribute, isSVG: isSVG) { return nil }
            return URLAttribute.loadsDocument(element: element, attribute: attribute, isSVG: isSVG) ? .dataDocument : .data
        case .otherHost, .web, .otherScheme:
            return URLAttribute.submitting.contains(attribute) ? .offSite : nil
        }
    }

    /// Whether a theme template's value, Mustache tags as wildcards, writes
    /// a URL the rules refuse, decided by its literal text: the whole value
    /// when it has no tag, else the text before the first tag, which must
    /// fix the scheme, the media type or the host (``URLKind/decided(byHead:)``).
    /// A list (`srcset`, `ping`) counts only without any tag: a tag between
    /// its URLs could add one.
    static func templateRefuses(_ value: ValuePattern, element: String, attribute: String,
                                shape: URLAttribute.Shape) -> Bool {
        guard let head = value.pieces.first else { return false }
        if value.pieces.count == 1 {
            return !refusals(of: String(decoding: head, as: UTF8.self), shape: shape, element: element,
                             attribute: attribute, isSVG: false).isEmpty
        }
        guard shape == .single, let kind = URLKind.decided(byHead: head) else { return false }
        return refusal(kind, element: element, attribute: attribute, isSVG: false) != nil
    }

    private static func isHTMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
