/// Splits template source into text and tags, following set-delimiter tags.
///
/// Works on UTF-8 bytes: every piece of Mustache syntax is ASCII, and Swift
/// treats `\r\n` as a single `Character`, which would hide line ends.
struct Tokenizer {
    private let bytes: [UInt8]
    private let lines: LineTable
    private let templateName: String
    private var opening: [UInt8] = Array("{{".utf8)
    private var closing: [UInt8] = Array("}}".utf8)

    init(bytes: [UInt8], lines: LineTable, templateName: String) {
        self.bytes = bytes
        self.lines = lines
        self.templateName = templateName
    }

    mutating func tokens() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        while let tagStart = Self.find(opening, in: bytes, from: textStart) {
            if tagStart > textStart {
                tokens.append(Token(kind: .text, range: textStart..<tagStart, name: ""))
            }
            let tag = try readTag(at: tagStart)
            tokens.append(tag)
            textStart = tag.range.upperBound
        }
        if textStart < bytes.count {
            tokens.append(Token(kind: .text, range: textStart..<bytes.count, name: ""))
        }
        return tokens
    }

    private mutating func readTag(at start: Int) throws(TemplateError) -> Token {
        var cursor = start + opening.count
        while cursor < bytes.count, bytes[cursor].isBlank { cursor += 1 }
        guard cursor < bytes.count else { throw error(.unclosedTag(expected: text(closing)), at: start) }
        let sigil = bytes[cursor]
        let kind: Token.Kind
        var terminator = closing
        switch sigil {
        case UInt8(ascii: "{"):
            kind = .variable(escaped: false)
            terminator = [UInt8(ascii: "}")] + closing
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "<"): kind = .parent
        case UInt8(ascii: "$"): kind = .block
        case UInt8(ascii: "="): kind = .setDelimiters
        default: kind = .variable(escaped: true)
        }
        let contentStart = kind == .variable(escaped: true) ? cursor : cursor + 1
        guard let contentEnd = Self.find(terminator, in: bytes, from: contentStart) else {
            throw error(.unclosedTag(expected: text(terminator)), at: start)
        }
        let range = start..<(contentEnd + terminator.count)
        let content = contentStart..<contentEnd
        switch kind {
        case .comment:
            return Token(kind: kind, range: range, name: "")
        case .setDelimiters:
            try setDelimiters(from: content, tag: range)
            return Token(kind: kind, range: range, name: "")
        default:
            // A line break inside a tag almost always means its closing
            // delimiter is missing; report the tag rather than a later line.
            guard !bytes[content].contains(UInt8(ascii: "\n")) else {
                throw error(.unclosedTag(expected: text(terminator)), at: start)
            }
            let name = try validatedName(trimmed(content), kind: kind, at: start)
            return Token(kind: kind, range: range, name: name)
        }
    }

    private func validatedName(_ name: String, kind: Token.Kind, at start: Int) throws(TemplateError) -> String {
        guard !name.isEmpty else { throw error(.emptyTag, at: start) }
        switch kind {
        case .partial, .parent, .close:
            if name.hasPrefix("*") {
                // `{{> * dynamic }}` is allowed; normalise to `*dynamic`.
                let rest = Self.trimmingBlanks(name.dropFirst())
                guard kind == .close || Name(rest) != nil, !rest.isEmpty, !Self.containsBlank(rest) else {
                    throw error(.invalidName(name), at: start)
                }
                return "*" + rest
            }
            guard !Self.containsBlank(name) else { throw error(.invalidName(name), at: start) }
        case .block:
            guard !Self.containsBlank(name) else { throw error(.invalidName(name), at: start) }
        default:
            guard !Self.containsBlank(name), Name(name) != nil else { throw error(.invalidName(name), at: start) }
        }
        return name
    }

    /// `{{=<% %>=}}`: the content must end in `=` and hold exactly two
    /// delimiters, neither containing `=`.
    private mutating func setDelimiters(from content: Range<Int>, tag: Range<Int>) throws(TemplateError) {
        let invalid = error(.invalidDelimiters(text(bytes[tag])), at: tag.lowerBound)
        guard content.count >= 1, bytes[content.upperBound - 1] == UInt8(ascii: "=") else { throw invalid }
        let inner = bytes[content.lowerBound..<(content.upperBound - 1)]
        let parts = inner.split(whereSeparator: { $0.isBlank || $0 == UInt8(ascii: "\n") })
        guard parts.count == 2, parts.allSatisfy({ !$0.contains(UInt8(ascii: "=")) }) else { throw invalid }
        opening = Array(parts[0])
        closing = Array(parts[1])
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower].isBlank { lower += 1 }
        while upper > lower, bytes[upper - 1].isBlank { upper -= 1 }
        return text(bytes[lower..<upper])
    }

    private static func containsBlank(_ name: String) -> Bool {
        name.utf8.contains { $0.isBlank || $0 == UInt8(ascii: "\n") }
    }

    private static func trimmingBlanks(_ text: Substring) -> String {
        var lower = text.utf8.startIndex, upper = text.utf8.endIndex
        while lower < upper, text.utf8[lower].isBlank { lower = text.utf8.index(after: lower) }
        while upper > lower, text.utf8[text.utf8.index(before: upper)].isBlank {
            upper = text.utf8.index(before: upper)
        }
        return String(text[lower..<upper])
    }

    private func text<C: Collection<UInt8>>(_ bytes: C) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    private func error(_ kind: TemplateError.Kind, at offset: Int) -> TemplateError {
        TemplateError(template: templateName, location: lines.location(ofByte: offset), kind: kind)
    }

    /// The first offset at or after `start` where `pattern` occurs.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        let last = bytes.count - pattern.count
        var offset = start
        while offset <= last {
            if bytes[offset] == first {
                var matched = 1
                while matched < pattern.count, bytes[offset + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return offset }
            }
            offset += 1
        }
        return nil
    }
}
