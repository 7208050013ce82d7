/// Finds the root element of an XML document's first bytes and reads the
/// attributes of its start tag, refusing anything that is not well-formed
/// that far.
struct SVGScanner {
    let bytes: [UInt8]
    private var index = 0
    /// Where the root start tag begins (for error offsets).
    private(set) var tagStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.matches([0xEF, 0xBB, 0xBF], at: 0) { index = 3 }
    }

    /// The root `<svg>` element's attributes, by name (a repeated name keeps the first).
    mutating func rootAttributes() throws(HeaderError) -> [String: String] {
        while true {
            skipSpaces()
            guard index < bytes.count else { throw missing("<svg> root element") }
            if starts("<?") {
                try skip(past: "?>", what: "XML declaration")
            } else if starts("<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts("<!") {
                try skipDoctype()
            } else if starts("<") {
                tagStart = index
                index += 1
                let name = readName()
                // The root must be svg (a namespace prefix is allowed).
                guard name == "svg" || name.hasSuffix(":svg") else {
                    throw HeaderError(offset: tagStart, reason: .malformed("SVG file (root element <\(name)>)"))
                }
                return try readAttributes()
            } else {
                throw HeaderError(offset: index, reason: .malformed("SVG file (text before the root element)"))
            }
        }
    }

    private mutating func readAttributes() throws(HeaderError) -> [String: String] {
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipSpaces()
            guard index < bytes.count else { throw truncatedTag() }
            if bytes[index] == UInt8(ascii: ">") || starts("/>") {
                return attributes
            }
            guard hadSpace else { throw malformedTag("attributes must be separated by spaces") }
            let name = readName()
            guard !name.isEmpty else { throw malformedTag("bad attribute name") }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw malformedTag("'\(name)' has no value") }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw malformedTag("value of '\(name)' is not quoted")
            }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.count, bytes[index] != quote {
                guard bytes[index] != UInt8(ascii: "<") else { throw malformedTag("'<' in the value of '\(name)'") }
                index += 1
            }
            guard index < bytes.count else { throw truncatedTag() }
            if attributes[name] == nil {
                attributes[name] = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            }
            index += 1
        }
    }

    private func starts(_ text: String) -> Bool {
        bytes.matches(Array(text.utf8), at: index)
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
            index += 1
        }
        return index > start
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte = byte >= 0x80 || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
                || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isNameByte else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skip(past terminator: String, what: String) throws(HeaderError) {
        let start = index
        let pattern = Array(terminator.utf8)
        while index < bytes.count {
            if bytes.matches(pattern, at: index) {
                index += pattern.count
                return
            }
            index += 1
        }
        throw HeaderError(offset: start, reason: .truncated(what))
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    private mutating func skipDoctype() throws(HeaderError) {
        let start = index
        var depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return
            }
        }
        throw HeaderError(offset: start, reason: .truncated("document type declaration"))
    }

    private func missing(_ what: String) -> HeaderError {
        HeaderError(offset: index, reason: .missing(what))
    }

    private func truncatedTag() -> HeaderError {
        HeaderError(offset: tagStart, reason: .truncated("<svg> start tag"))
    }

    private func malformedTag(_ detail: String) -> HeaderError {
        HeaderError(offset: index, reason: .malformed("<svg> start tag (\(detail))"))
    }
}
