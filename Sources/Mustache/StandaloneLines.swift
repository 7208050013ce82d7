/// Decides which whitespace around tags belongs to the tags, per the spec's
/// "standalone" rules, and which becomes indentation.
///
/// A section, inverted, closing, comment, set-delimiter or partial tag alone on
/// its line (spaces and tabs aside) takes the whole line with it, including
/// `\n` or `\r\n`. Parents and blocks follow the inheritance module's rules
/// (mustache/spec #130, #131): a parent or block *pair* whose opening tag
/// starts its line and whose closing tag ends its line turns the leading
/// whitespace into indentation; a block whose opening tag ends its line has
/// "intrinsic" indentation, taken from its first line and removed from all.
struct StandaloneLines: Sendable {
    /// For each token, the bytes still written; text tokens shrink here.
    private(set) var kept: [Range<Int>]
    /// For standalone partials and parents, and for block pairs that share a
    /// line with their content: the whitespace that becomes indentation.
    private(set) var indentation: [Range<Int>?]
    /// Tags whose whole line was removed.
    private(set) var standalone: [Bool]
    /// Block openers whose content is re-indented from its first line.
    private(set) var intrinsic: [Bool]

    private let tokens: [Token]
    private let bytes: [UInt8]

    init(tokens: [Token], pairs: TagPairs, bytes: [UInt8]) {
        self.tokens = tokens
        self.bytes = bytes
        kept = tokens.map(\.range)
        indentation = Array(repeating: nil, count: tokens.count)
        standalone = Array(repeating: false, count: tokens.count)
        intrinsic = Array(repeating: false, count: tokens.count)
        for index in tokens.indices {
            classify(index, pairs: pairs)
        }
    }

    private mutating func classify(_ index: Int, pairs: TagPairs) {
        let partner = pairs.partner[index]
        switch tokens[index].kind {
        case .text, .variable:
            break
        case .comment, .setDelimiters, .section, .invertedSection:
            if clearsLeft(index), clearsRight(index) { _ = removeLine(of: index) }
        case .partial:
            if clearsLeft(index), clearsRight(index) { indentation[index] = removeLine(of: index) }
        case .close:
            switch tokens[partner].kind {
            case .parent:
                break // decided together with the opening tag
            case .block where pairs.isArgument[partner]:
                // What follows is the parent's ignored body, so only the
                // whitespace before the tag leaves the argument.
                if clearsLeft(index) { _ = trimBefore(index) }
            default:
                if clearsLeft(index), clearsRight(index) { _ = removeLine(of: index) }
            }
        case .parent:
            // The text inside a parent is ignored, so only the outer sides count.
            if clearsLeft(index), clearsRight(partner) {
                indentation[index] = trimBefore(index)
                trimAfter(partner)
                standalone[index] = true
                standalone[partner] = true
            }
        case .block:
            if pairs.isArgument[index] {
                if clearsRight(index) {
                    trimAfter(index)
                    intrinsic[index] = true
                }
            } else if clearsLeft(index), clearsRight(index) {
                _ = removeLine(of: index)
                intrinsic[index] = clearsRight(partner)
            } else if clearsLeft(index), clearsRight(partner) {
                indentation[index] = trimBefore(index)
            }
        }
    }

    /// Removes the tag's line: the whitespace before it (returned) and the
    /// whitespace and line break after it.
    private mutating func removeLine(of index: Int) -> Range<Int> {
        standalone[index] = true
        trimAfter(index)
        return trimBefore(index)
    }

    /// Removes the spaces and tabs between the start of the tag's line and the tag.
    private mutating func trimBefore(_ index: Int) -> Range<Int> {
        let start = tokens[index].range.lowerBound
        guard index > 0, tokens[index - 1].kind == .text else { return start..<start }
        let text = kept[index - 1]
        var cursor = text.upperBound
        while cursor > text.lowerBound, bytes[cursor - 1].isIndentation { cursor -= 1 }
        kept[index - 1] = text.lowerBound..<cursor
        return cursor..<text.upperBound
    }

    /// Removes the rest of the tag's line, up to and including its line break.
    private mutating func trimAfter(_ index: Int) {
        guard index + 1 < tokens.count, tokens[index + 1].kind == .text else { return }
        let text = kept[index + 1]
        var cursor = text.lowerBound
        while cursor < text.upperBound, bytes[cursor] != UInt8(ascii: "\n") { cursor += 1 }
        kept[index + 1] = min(cursor + 1, text.upperBound)..<text.upperBound
    }

    /// Only spaces and tabs between the start of the line and the tag.
    private func clearsLeft(_ index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = tokens[index - 1]
        guard previous.kind == .text else { return false }
        var cursor = previous.range.upperBound
        while cursor > previous.range.lowerBound {
            let byte = bytes[cursor - 1]
            if byte == UInt8(ascii: "\n") { return true }
            guard byte.isIndentation else { return false }
            cursor -= 1
        }
        return index - 1 == 0
    }

    /// Only spaces and tabs between the tag and the end of the line.
    private func clearsRight(_ index: Int) -> Bool {
        guard index + 1 < tokens.count else { return true }
        let next = tokens[index + 1]
        guard next.kind == .text else { return false }
        var cursor = next.range.lowerBound
        while cursor < next.range.upperBound {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\n") { return true }
            if byte == UInt8(ascii: "\r"), cursor + 1 < next.range.upperBound,
               bytes[cursor + 1] == UInt8(ascii: "\n") { return true }
            guard byte.isIndentation else { return false }
            cursor += 1
        }
        return index + 1 == tokens.count - 1
    }
}
