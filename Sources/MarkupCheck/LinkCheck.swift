/// Resolves one page's URLs against the site's files (see ``SiteCheck``).
struct LinkCheck {
    /// The page's own path, which relative URLs resolve against.
    let page: String
    /// Whether the site has a file at a path (its bytes).
    let exists: @Sendable ([UInt8]) -> Bool
    /// The ids of every page of the site, by path bytes.
    let ids: [[UInt8]: Set<String>]
    /// The page's folder as path segments, split once rather than per URL.
    private let folder: [[UInt8]]

    init(page: String, exists: @escaping @Sendable ([UInt8]) -> Bool, ids: [[UInt8]: Set<String>]) {
        self.page = page
        self.exists = exists
        self.ids = ids
        folder = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map { Array($0.utf8) }
    }

    /// The URL attribute values of one element: what the link check reads
    /// (names in any case, as an HTML parser lowercases them).
    static func uses(of element: ParsedElement) -> [(attribute: String, url: String, loads: Bool)] {
        guard element.namespaceURI == nil || element.namespaceURI == Vocabulary.xhtmlNamespace else { return [] }
        var uses: [(attribute: String, url: String, loads: Bool)] = []
        for attribute in element.attributes where attribute.prefix == nil {
            switch attribute.name.asciiLowercased {
            case "href":
                let rel = (element.attribute(anyCase: "rel") ?? "").lowercased().split(separator: " ")
                let loads = element.name == "link" && !rel.contains("alternate") && !rel.contains("canonical")
                uses.append((attribute.name, attribute.value, loads))
            case "src", "poster":
                uses.append((attribute.name, attribute.value, true))
            case "srcset":
                uses += Self.srcsetURLs(attribute.value).map { (attribute.name, $0, true) }
            default:
                continue
            }
        }
        return uses
    }

    /// The issue of one URL use, if any.
    func issue(for use: PageFacts.URLUse) -> MarkupIssue.Kind? {
        issue(use.url, attribute: use.attribute, loads: use.loads)
    }

    // Works on the URL's bytes: a site has thousands of URLs, and String
    // slicing per URL was the larger part of the whole site check.
    private func issue(_ raw: String, attribute: String, loads: Bool) -> MarkupIssue.Kind? {
        let bytes = Self.trimmed(raw)
        if bytes.isEmpty { return nil }
        func text() -> String { String(decoding: bytes, as: UTF8.self) }
        let slash = UInt8(ascii: "/")
        if bytes.starts(with: [slash, slash]) { return loads ? .externalResource(attribute: attribute, url: text()) : nil }
        if let scheme = Self.scheme(bytes) {
            let external = ["http", "https", "ftp"].contains(scheme)
            return loads && external ? .externalResource(attribute: attribute, url: text()) : nil
        }
        if bytes.first == slash { return .rootRelativeURL(attribute: attribute, url: text()) }

        let (path, fragment) = Self.split(bytes)
        guard let target = resolve(path) else { return .brokenLink(attribute: attribute, url: text()) }
        if !path.isEmpty, !exists(target) { return .brokenLink(attribute: attribute, url: text()) }
        if let fragment, !fragment.isEmpty, let pageIDs = ids[target] {
            guard let decoded = Self.percentDecoded(fragment), let id = String(validating: decoded, as: UTF8.self),
                  pageIDs.contains(id) else {
                return .missingFragment(attribute: attribute, url: text())
            }
        }
        return nil
    }

    /// The page and id a local URL with a fragment points at (`a/index.html`,
    /// `p-x` for `../a/index.html#p-x` from `a/b/x.html`); nil for any other URL.
    func fragmentTarget(_ raw: String) -> (page: String, id: String)? {
        let bytes = Self.trimmed(raw)
        guard !bytes.starts(with: [UInt8(ascii: "/")]), Self.scheme(bytes) == nil else { return nil }
        let (path, fragment) = Self.split(bytes)
        guard let fragment, !fragment.isEmpty, let target = resolve(path),
              let decoded = Self.percentDecoded(fragment), let id = String(validating: decoded, as: UTF8.self),
              let page = String(validating: target, as: UTF8.self) else { return nil }
        return (page, id)
    }

    /// The site path a local URL with a path resolves to (`a/x.jpg` for
    /// `../a/x.jpg` from `b/index.html`); nil for any other URL (external,
    /// root-relative, fragment-only or climbing out of the folder).
    func fileTarget(_ raw: String) -> [UInt8]? {
        let bytes = Self.trimmed(raw)
        guard !bytes.isEmpty, bytes.first != UInt8(ascii: "/"), Self.scheme(bytes) == nil else { return nil }
        let path = Self.split(bytes).path
        guard !path.isEmpty else { return nil }
        return resolve(path)
    }

    /// A URL attribute's bytes without the spaces and controls around it
    /// (as a browser strips them).
    private static func trimmed(_ raw: String) -> ArraySlice<UInt8> {
        var bytes = Array(raw.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        return bytes
    }

    /// A URL's path and its fragment (without `#`), the query dropped.
    private static func split(_ bytes: ArraySlice<UInt8>) -> (path: ArraySlice<UInt8>, fragment: ArraySlice<UInt8>?) {
        var path = bytes
        var fragment: ArraySlice<UInt8>?
        if let hash = path.firstIndex(of: UInt8(ascii: "#")) {
            fragment = path[(hash + 1)...]
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: UInt8(ascii: "?")) { path = path[..<question] }
        return (path, fragment)
    }

    /// The target's path bytes, `..` and `.` applied; nil if it climbs out
    /// of the folder or is not valid percent-encoding.
    private func resolve(_ path: ArraySlice<UInt8>) -> [UInt8]? {
        if path.isEmpty { return Array(page.utf8) }
        var segments = folder
        let parts = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard let decoded = Self.percentDecoded(part) else { return nil }
            if decoded.elementsEqual("..".utf8) {
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
                if isLast { segments.append(Array("index.html".utf8)) }
            } else if decoded.elementsEqual(".".utf8) || decoded.isEmpty {
                if isLast { segments.append(Array("index.html".utf8)) }
            } else {
                segments.append(decoded)
            }
        }
        return Array(segments.joined(separator: [UInt8(ascii: "/")]))
    }

    /// The lowercased `scheme` of `scheme:` per RFC 3986 (a letter, then
    /// letters, digits, `+ - .`); nil when the URL has none.
    static func scheme(_ url: ArraySlice<UInt8>) -> String? {
        for (index, byte) in zip(url.indices, url) {
            if byte == UInt8(ascii: ":") {
                guard index > url.startIndex else { return nil }
                return String(decoding: url[..<index], as: UTF8.self).lowercased()
            }
            let letter = TemplateScan.isLetter(byte)
            let isFirst = index == url.startIndex
            if isFirst ? !letter : !(letter || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E) {
                return nil
            }
        }
        return nil
    }

    static func percentDecoded(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        if !text.contains(UInt8(ascii: "%")) { return Array(text) }
        var result: [UInt8] = []
        var bytes = text
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                result.append(byte)
                continue
            }
            guard bytes.count >= 2, let high = HexDigit.value(bytes.removeFirst()), let low = HexDigit.value(bytes.removeFirst()) else {
                return nil
            }
            result.append(high << 4 | low)
        }
        return result
    }

    /// The URLs of a `srcset`, descriptors dropped (HTML's candidate parsing).
    static func srcsetURLs(_ value: String) -> [String] {
        SrcsetCandidates.urls(value)
    }
}
