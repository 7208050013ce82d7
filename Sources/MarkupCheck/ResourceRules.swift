/// Per-element rules against documents and resources a page could pull in
/// besides script: `srcdoc`, `data:` documents, `<meta http-equiv=refresh>`,
/// `<base href>`, HTML imports, CSS loads in `style` attributes, SVG
/// `<use>`/`<image>` from another host, `ping`, `<object data>` from
/// another host, and script URLs in later `srcset` candidates and `ping`.
///
/// Choices, for a static gallery whose theme never needs these:
/// - a non-empty `srcdoc` is reported whatever it holds. Checking it
///   recursively would mean parsing it as HTML, which this XML-based check
///   cannot do faithfully (the browser's HTML parser reads it), so it is
///   treated as script-capable;
/// - any refresh is reported, with or without a URL: a redirect can lead
///   to another host, a plain refresh reloads forever, and no gallery page
///   needs either;
/// - any `<base href>` is reported, relative or not: it re-points every
///   relative URL, which the link check resolves without it.
enum ResourceRules {
    /// Where browsers load a document (which may run script) from a URL.
    static let documentURLAttributes: [String: String] = [
        "iframe": "src", "object": "data", "embed": "src", "frame": "src",
    ]

    /// SVG elements that load what their `href`/`xlink:href` names.
    static let svgLoadingElements: Set<String> = ["use", "image", "feImage"]

    /// The attribute issues of one element (script URLs in `href`, `src`, …
    /// are ``VocabularyCheck``'s).
    static func issues(for element: ParsedElement, isSVG: Bool) -> [MarkupIssue.Kind] {
        var kinds: [MarkupIssue.Kind] = []
        let name = element.qualifiedName
        for attribute in element.attributes {
            let qualified = attribute.prefix.map { "\($0):\(attribute.name)" } ?? attribute.name
            let value = attribute.value
            if attribute.prefix == nil {
                switch attribute.name {
                case "srcdoc" where !value.isEmpty:
                    kinds.append(.embeddedDocument(element: name, attribute: "srcdoc"))
                case "style":
                    kinds += styleIssues(Array(value.utf8)[...], element: name)
                case "srcset", "imagesrcset":
                    if LinkCheck.srcsetURLs(value).dropFirst().contains(where: VocabularyCheck.isScriptURL) {
                        kinds.append(.unsafeURL(element: name, attribute: attribute.name))
                    }
                case "ping":
                    kinds += pingIssues(value, element: name)
                case "data" where !isSVG && element.name == "object":
                    if let url = externalURL(value) { kinds.append(.externalResource(attribute: "data", url: url)) }
                default:
                    break
                }
                if !isSVG, documentURLAttributes[element.name] == attribute.name, isDataURL(value) {
                    kinds.append(.dataURLDocument(element: name, attribute: attribute.name))
                }
            }
            let isHref = attribute.name == "href" && (attribute.prefix == nil || attribute.prefix == "xlink")
            if isSVG, isHref, svgLoadingElements.contains(element.name), element.prefix == nil {
                if isDataURL(value) {
                    kinds.append(.dataURLDocument(element: name, attribute: qualified))
                } else if let url = externalURL(value) {
                    kinds.append(.externalResource(attribute: qualified, url: url))
                }
            }
        }
        if !isSVG, element.prefix == nil {
            kinds += elementIssues(element)
        }
        return kinds
    }

    /// Rules on the element as a whole.
    private static func elementIssues(_ element: ParsedElement) -> [MarkupIssue.Kind] {
        switch element.name {
        case "meta":
            let equiv = element.attribute("http-equiv").map(trimmed)?.lowercased()
            return equiv == "refresh" ? [.metaRefresh] : []
        case "base":
            return element.attribute("href").map { [.baseURL($0)] } ?? []
        case "link":
            let rel = (element.attribute("rel") ?? "").lowercased().split(whereSeparator: { TemplateScan.isSpace($0.asciiValue ?? 0) })
            return rel.contains("import") ? [.htmlImport] : []
        default:
            return []
        }
    }

    /// What CSS in a `style` attribute loads.
    static func styleIssues(_ css: ArraySlice<UInt8>, element: String) -> [MarkupIssue.Kind] {
        CSSScan.findings(css).map { finding in
            switch finding {
            case .importRule: .styleImport(element: element)
            case .externalURL(_, let url): .styleExternalURL(element: element, url: url)
            }
        }
    }

    private static func pingIssues(_ value: String, element: String) -> [MarkupIssue.Kind] {
        var kinds: [MarkupIssue.Kind] = []
        for url in value.split(whereSeparator: { TemplateScan.isSpace($0.asciiValue ?? 0) }).map(String.init) {
            if VocabularyCheck.isScriptURL(url) {
                kinds.append(.unsafeURL(element: element, attribute: "ping"))
            } else if let external = externalURL(url) {
                kinds.append(.externalResource(attribute: "ping", url: external))
            }
        }
        return kinds
    }

    /// `value` trimmed, when it names another host (`//host`, `http:`,
    /// `https:`, `ftp:`); nil for a relative URL.
    private static func externalURL(_ value: String) -> String? {
        let url = trimmed(value)
        let bytes = Array(url.utf8)
        let slashes: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\")]
        if bytes.count >= 2, slashes.contains(bytes[0]), slashes.contains(bytes[1]) { return url }
        guard let scheme = LinkCheck.scheme(bytes[...]) else { return nil }
        return ["http", "https", "ftp"].contains(scheme) ? url : nil
    }

    /// Whether the URL's scheme is `data`, read as a browser reads it
    /// (leading spaces and controls dropped, tabs and newlines removed, any case).
    static func isDataURL(_ value: String) -> Bool {
        var scheme: [UInt8] = []
        for byte in value.utf8 {
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if scheme.isEmpty, byte <= 0x20 { continue }
            if byte == UInt8(ascii: ":") { return scheme == Array("data".utf8) }
            scheme.append(byte | (0x41...0x5A ~= byte ? 0x20 : 0))
            if scheme.count > 4 { return false }
        }
        return false
    }

    private static func trimmed(_ value: String) -> String {
        var bytes = Array(value.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
