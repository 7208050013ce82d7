import CMarkupCheck

extension ParsedPage {
    /// Parses `bytes` (UTF-8, no NUL) with libxml2 through the C shim;
    /// nil when libxml2 ran out of memory or the page exceeds 2 GiB.
    static func read(_ bytes: [UInt8]) -> ParsedPage? {
        var result = CMCResult()
        defer { cmc_result_free(&result) }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmc_check(chars.baseAddress, chars.count, &result)
            }
        }
        guard status == 0 else { return nil }
        return ParsedPage(copying: result)
    }

    private init(copying result: CMCResult) {
        isWellFormed = result.wellFormed != 0
        problems = Self.buffer(result.problems, count: result.problemCount).map { problem in
            ParsedProblem(
                offset: problem.offset >= 0 ? Int(problem.offset) : nil,
                line: Int(problem.line),
                column: Int(problem.column),
                code: Int(problem.code),
                message: problem.message.map { String(cString: $0) } ?? ""
            )
        }
        problemsOmitted = Int(result.problemsOmitted)
        hasDocument = result.hasDocument != 0
        doctype = result.hasDoctype != 0
            ? Doctype(
                name: result.doctypeName.map { String(cString: $0) },
                publicID: result.doctypePublicID.map { String(cString: $0) },
                systemID: result.doctypeSystemID.map { String(cString: $0) },
                hasInternalSubset: result.doctypeHasInternalSubset != 0
            )
            : nil
        doctypeOffset = result.doctypeOffset >= 0 ? Int(result.doctypeOffset) : nil

        // Names, prefixes and namespace URIs are libxml2 dictionary strings:
        // one pointer per distinct string, so each becomes one shared String
        // (a 100,000-photo page has a million elements, nearly all in the
        // XHTML namespace). Attributes go in one array for the whole page,
        // each element holding its slice: no array allocated per element.
        var names = CStringCache()
        let rawAttributes = Self.buffer(result.attributes, count: result.attributeCount)
        let attributes = rawAttributes.map { (attribute: CMCAttribute) in
            ParsedElement.Attribute(
                name: names.string(attribute.name) ?? "",
                prefix: names.string(attribute.prefix),
                value: String(decoding: UnsafeRawBufferPointer(start: attribute.value, count: Int(max(0, attribute.valueLength))),
                              as: UTF8.self)
            )
        }
        elements = Self.buffer(result.elements, count: result.elementCount).map { (element: CMCElement) in
            let first = Int(element.firstAttribute)
            let end = first + Int(element.attributeCount)
            let own = first >= 0 && first <= end && end <= attributes.count ? attributes[first..<end] : attributes[0..<0]
            return ParsedElement(
                name: names.string(element.name) ?? "",
                prefix: names.string(element.prefix),
                namespaceURI: names.string(element.namespaceURI),
                offset: element.offset >= 0 ? Int(element.offset) : nil,
                parent: element.parent >= 0 ? Int(element.parent) : nil,
                isSelfClosed: element.flags & CMC_ELEMENT_SELF_CLOSED != 0,
                hasEscapedText: element.flags & CMC_ELEMENT_ESCAPED_TEXT != 0,
                attributes: own
            )
        }
    }

    private static func buffer<T>(_ pointer: UnsafeMutablePointer<T>?, count: Int32) -> UnsafeBufferPointer<T> {
        guard let pointer, count > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: pointer, count: Int(count))
    }
}
