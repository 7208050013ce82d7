/// Per-element rules against documents and resources a page could pull in
/// besides script: `srcdoc`, `<meta http-equiv=refresh>`, `<base href>`,
/// HTML imports, CSS loads in `style` attributes, SVG `<use>`/`<image>`
/// from another host, `ping`, `<object data>` from another host. (Script
/// and `data:` URLs and forms sent elsewhere are ``URLRules``'.)
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
    /// SVG elements that load what their `href`/`xlink:href` names.
    static let svgLoadingElements: Set<String> = ["use", "image", "feImage"]

    /// The attribute issues of one element. Attribute names are matched in
    /// any case, as an HTML parser lowercases them (`SRCDOC` is `srcdoc`).
    static func issues(for element: ParsedElement, isSVG: Bool) -> [MarkupIssue.Kind] {
        var kinds: [MarkupIssue.Kind] = []
        let name = element.qualifiedName
        for attribute in element.attributes {
            let qualified = attribute.prefix.map { "\($0):\(attribute.name)" } ?? attribute.name
            let value = attribute.value
            let lowered = attribute.name.asciiLowercased
            if attribute.prefix == nil {
                switch lowered {
                case "srcdoc" where !value.isEmpty:
                    kinds.append(.embeddedDocument(element: name, attribute: attribute.name))
                case "style":
                    kinds += styleIssues(Array(value.utf8)[...], element: name)
                case "ping":
                    kinds += pingIssues(value, attribute: attribute.name)
                case "data" where !isSVG && element.name == "object":
                    if let url = externalURL(value) { kinds.append(.externalResource(attribute: attribute.name, url: url)) }
                default:
                    break
                }
            }
            let isHref = lowered == "href" && (attribute.prefix == nil || attribute.prefix?.asciiLowercased == "xlink")
            if isSVG, isHref, svgLoadingElements.contains(element.name), element.prefix == nil,
               let url = externalURL(value) {
                kinds.append(.externalResource(attribute: qualified, url: url))
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
            let equiv = element.attribute(anyCase: "http-equiv").map(trimmed)?.lowercased()
            return equiv == "refresh" ? [.metaRefresh] : []
        case "base":
            return element.attribute(anyCase: "href").map { [.baseURL($0)] } ?? []
        case "link":
            let rel = (element.attribute(anyCase: "rel") ?? "").lowercased().split(whereSeparator: { TemplateScan.isSpace($0.asciiValue ?? 0) })
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

    /// A `ping` URL to another host: pinged on every click.
    private static func pingIssues(_ value: String, attribute: String) -> [MarkupIssue.Kind] {
        value.split(whereSeparator: { TemplateScan.isSpace($0.asciiValue ?? 0) }).compactMap { url in
            externalURL(String(url)).map { .externalResource(attribute: attribute, url: $0) }
        }
    }

    /// `value` as a browser reads it, when it names another host (`//host`,
    /// `http:`, `https:`, `ftp:`; see ``URLKind``); nil for any other URL.
    private static func externalURL(_ value: String) -> String? {
        switch URLKind.of(value) {
        case .otherHost, .web: URLBytes.read(value)
        default: nil
        }
    }

    private static func trimmed(_ value: String) -> String {
        var bytes = Array(value.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
