import SourcePosition

/// The HTML5 rules applied to a well-formed page's tree.
struct VocabularyCheck {
    private let page: ParsedPage
    private let lines: LineTable
    private let bytes: [UInt8]
    private let allowance: ScriptAllowance
    private var issues: [MarkupIssue] = []
    /// Ids seen so far.
    private var ids: Set<String> = []

    private init(page: ParsedPage, lines: LineTable, bytes: [UInt8], allowance: ScriptAllowance) {
        self.page = page
        self.lines = lines
        self.bytes = bytes
        self.allowance = allowance
    }

    /// Every vocabulary issue in `page`, in document order.
    static func issues(in page: ParsedPage, lines: LineTable, bytes: [UInt8],
                       allowance: ScriptAllowance) -> [MarkupIssue] {
        var check = VocabularyCheck(page: page, lines: lines, bytes: bytes, allowance: allowance)
        check.checkDoctype()
        check.checkElements()
        return check.issues
    }

    private mutating func report(_ kind: MarkupIssue.Kind, atByte offset: Int?) {
        let at = lines.location(ofByte: offset ?? 0)
        issues.append(MarkupIssue(line: at.line, column: at.column, kind: kind))
    }

    private mutating func checkDoctype() {
        guard let doctype = page.doctype else {
            report(.missingDoctype, atByte: 0)
            return
        }
        if doctype.name != "html" || doctype.publicID != nil || doctype.systemID != nil
            || doctype.hasInternalSubset
        {
            report(.unexpectedDoctype, atByte: page.doctypeOffset)
        }
    }

    private mutating func checkElements() {
        // Whether each element is SVG content (an <svg> or inside one).
        var inSVG = [Bool](repeating: false, count: page.elements.count)
        for (index, element) in page.elements.enumerated() {
            let parentInSVG = element.parent.map { $0 < index && inSVG[$0] } ?? false
            inSVG[index] = parentInSVG || (element.name == "svg" && element.prefix == nil)
            if index == 0, element.qualifiedName != "html" {
                report(.unexpectedRoot(element.qualifiedName), atByte: element.offset)
            }
            // An unknown element gets no further element rules: one issue is enough.
            if checkName(element, isSVG: inSVG[index]), !inSVG[index] {
                checkHTMLSyntax(element)
            }
            checkAttributes(element)
            for kind in URLRules.issues(for: element, isSVG: inSVG[index], allowance: allowance) {
                report(kind, atByte: element.offset)
            }
            checkResources(element, isSVG: inSVG[index])
        }
    }

    /// Documents, CSS loads and other resources (see ``ResourceRules``).
    private mutating func checkResources(_ element: ParsedElement, isSVG: Bool) {
        for kind in ResourceRules.issues(for: element, isSVG: isSVG) {
            report(kind, atByte: element.offset)
        }
        // `<style>` text, HTML or SVG: findings at their own position, read
        // from the page bytes as an HTML parser reads them (raw text).
        guard element.name == "style", element.prefix == nil, !element.isSelfClosed, let offset = element.offset,
              let tag = TemplateScan.startTag(bytes, at: offset),
              let end = TemplateScan.endOfRawText(bytes, from: tag.end, element: "style") else { return }
        for finding in CSSScan.findings(bytes[tag.end..<end]) {
            switch finding {
            case .importRule(let at):
                report(.styleImport(element: "style"), atByte: at)
            case .externalURL(let at, let url):
                report(.styleExternalURL(element: "style", url: url), atByte: at)
            }
        }
    }

    /// Reports an unknown name or a foreign namespace; returns whether the name is known.
    private mutating func checkName(_ element: ParsedElement, isSVG: Bool) -> Bool {
        let known = element.prefix == nil
            && (isSVG ? Vocabulary.svgElements : Vocabulary.htmlElements).contains(element.name)
        guard known else {
            report(.unknownElement(element.qualifiedName), atByte: element.offset)
            return false
        }
        if let namespace = element.namespaceURI, namespace != Vocabulary.xhtmlNamespace,
            !(isSVG && namespace == Vocabulary.svgNamespace)
        {
            report(.wrongNamespace(element: element.name, namespace: namespace), atByte: element.offset)
        }
        return true
    }

    /// What an HTML parser reads differently from the XML parser.
    private mutating func checkHTMLSyntax(_ element: ParsedElement) {
        let name = element.qualifiedName
        if Vocabulary.voidElements.contains(name) {
            if !element.isSelfClosed {
                report(.voidElementNotSelfClosed(name), atByte: element.offset)
            }
        } else if element.isSelfClosed {
            report(.selfClosedNonVoidElement(name), atByte: element.offset)
        }
        if Vocabulary.rawTextElements.contains(name), element.hasEscapedText {
            report(.escapedRawText(name), atByte: element.offset)
        }
        for attribute in element.attributes where attribute.prefix == nil
            && !Vocabulary.isKnownAttribute(attribute.name, on: name) {
            report(.unknownAttribute(element: name, attribute: attribute.name), atByte: element.offset)
        }
        if name == "script", !isThemeScript(element) {
            report(.scriptNotFromTheme, atByte: element.offset)
        }
        if name == "img" {
            for attribute in ["alt", "width", "height"] {
                guard let value = element.attribute(attribute) else {
                    report(.missingAttribute(element: name, attribute: attribute), atByte: element.offset)
                    continue
                }
                if attribute != "alt", !Self.isNonNegativeInteger(value) {
                    report(
                        .invalidAttributeValue(element: name, attribute: attribute, value: value),
                        atByte: element.offset
                    )
                }
            }
        }
    }

    private mutating func checkAttributes(_ element: ParsedElement) {
        for attribute in element.attributes {
            let name = attribute.name
            if attribute.prefix == nil, name == "id" {
                if attribute.value.isEmpty || attribute.value.utf8.contains(where: Self.isASCIIWhitespace) {
                    report(.invalidID(attribute.value), atByte: element.offset)
                } else if !ids.insert(attribute.value).inserted {
                    report(.duplicateID(attribute.value), atByte: element.offset)
                }
            }
            if attribute.prefix == nil, Self.isEventHandlerName(name),
               !allowance.allowsAttribute(name: name, value: attribute.value) {
                report(.eventHandlerAttribute(element: element.qualifiedName, attribute: name), atByte: element.offset)
            }
        }
    }

    /// Whether a `<script>` element is one the theme's templates contain.
    private func isThemeScript(_ element: ParsedElement) -> Bool {
        let attributes = element.attributes.map { attribute in
            (name: attribute.prefix.map { "\($0):\(attribute.name)" } ?? attribute.name, value: attribute.value)
        }
        guard let offset = element.offset, let tag = TemplateScan.startTag(bytes, at: offset) else { return false }
        if element.isSelfClosed { return allowance.allowsScript(attributes: attributes, content: []) }
        guard let end = TemplateScan.endOfRawText(bytes, from: tag.end, element: "script") else { return false }
        return allowance.allowsScript(attributes: attributes, content: bytes[tag.end..<end])
    }

    /// `on…` in any case, as HTML attribute names are case-insensitive.
    static func isEventHandlerName(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        return bytes.next().map { $0 | 0x20 } == UInt8(ascii: "o") && bytes.next().map { $0 | 0x20 } == UInt8(ascii: "n")
    }

    /// HTML's "valid non-negative integer": one or more ASCII digits.
    static func isNonNegativeInteger(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
