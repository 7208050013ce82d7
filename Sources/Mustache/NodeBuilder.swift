/// Turns matched tokens into the node tree, writing the line-start markers
/// and removing intrinsic block indentation on the way.
struct NodeBuilder {
    private let bytes: [UInt8]
    private let tokens: [Token]
    private let pairs: TagPairs
    private let lines: StandaloneLines
    private let lineTable: LineTable
    /// Indentation removed from each line, outermost block first.
    private var dedents: [ArraySlice<UInt8>] = []
    /// A source line has started whose first output has not been written.
    private var lineStarted = false

    init(bytes: [UInt8], tokens: [Token], pairs: TagPairs, lines: StandaloneLines, lineTable: LineTable) {
        self.bytes = bytes
        self.tokens = tokens
        self.pairs = pairs
        self.lines = lines
        self.lineTable = lineTable
    }

    mutating func build() -> [Node] {
        var nodes: [Node] = []
        build(tokens.startIndex..<tokens.endIndex, into: &nodes)
        return nodes
    }

    private mutating func build(_ range: Range<Int>, into nodes: inout [Node]) {
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            let partner = pairs.partner[index]
            switch token.kind {
            case .text:
                emitText(index, into: &nodes)
            case .comment, .setDelimiters, .close:
                noteTag(index)
            case .variable(let escaped):
                noteTag(index)
                flushLineStart(into: &nodes)
                nodes.append(.variable(Name(token.name) ?? Name.implicit, escaped: escaped, location: location(ofToken: index)))
            case .section, .invertedSection:
                noteTag(index)
                flushLineStart(into: &nodes)
                var children: [Node] = []
                build((index + 1)..<partner, into: &children)
                nodes.append(.section(Name(token.name) ?? Name.implicit, children,
                                      inverted: token.kind == .invertedSection, location: location(ofToken: index)))
                noteTag(partner)
                index = partner
            case .partial:
                let indentation = lines.indentation[index].map(indentationText)
                if indentation == nil {
                    noteTag(index)
                    flushLineStart(into: &nodes)
                }
                nodes.append(.partial(partialName(token.name), indentation: indentation, location: location(ofToken: index)))
            case .parent:
                let indentation = lines.indentation[index].map(indentationText)
                if indentation == nil {
                    noteTag(index)
                    flushLineStart(into: &nodes)
                }
                let arguments = buildArguments((index + 1)..<partner)
                nodes.append(.parent(partialName(token.name), indentation: indentation,
                                     arguments: arguments, location: location(ofToken: index)))
                index = partner
            case .block:
                var indentation = ""
                if let leading = lines.indentation[index] {
                    // The pair shares its line with content: the line stays,
                    // and its leading whitespace indents the block instead.
                    indentation = indentationText(leading)
                    lineStarted = true
                } else {
                    noteTag(index)
                }
                flushLineStart(into: &nodes)
                var children: [Node] = []
                if lines.intrinsic[index] {
                    let intrinsic = intrinsicIndentation(after: index)
                    indentation = String(decoding: intrinsic, as: UTF8.self)
                    dedents.append(intrinsic)
                    build((index + 1)..<partner, into: &children)
                    dedents.removeLast()
                } else {
                    build((index + 1)..<partner, into: &children)
                }
                nodes.append(.block(token.name, children, indentation: indentation, location: location(ofToken: index)))
                noteTag(partner)
                index = partner
            }
            index += 1
        }
    }

    /// The block arguments directly inside a parent tag; all else there is ignored.
    private mutating func buildArguments(_ range: Range<Int>) -> [String: [Node]] {
        var arguments: [String: [Node]] = [:]
        var index = range.lowerBound
        while index < range.upperBound {
            let partner = pairs.partner[index]
            if tokens[index].kind == .block, pairs.isArgument[index] {
                lineStarted = false
                var content: [Node] = []
                if lines.intrinsic[index] {
                    dedents.append(intrinsicIndentation(after: index))
                    build((index + 1)..<partner, into: &content)
                    dedents.removeLast()
                } else {
                    build((index + 1)..<partner, into: &content)
                }
                if arguments[tokens[index].name] == nil { arguments[tokens[index].name] = content }
            }
            index = partner >= 0 ? partner + 1 : index + 1
        }
        lineStarted = false
        return arguments
    }

    /// Splits kept text into lines, marking each line start and removing the
    /// enclosing blocks' intrinsic indentation from it.
    private mutating func emitText(_ index: Int, into nodes: inout [Node]) {
        let range = lines.kept[index]
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            if isLineStart(cursor) {
                lineStarted = true
                cursor = dedent(cursor, limit: range.upperBound)
                if cursor == range.upperBound { break }
            }
            var end = cursor
            while end < range.upperBound, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < range.upperBound { end += 1 }
            flushLineStart(into: &nodes)
            nodes.append(.text(String(decoding: bytes[cursor..<end], as: UTF8.self),
                              location: lineTable.location(ofByte: cursor)))
            cursor = end
        }
    }

    /// A tag that begins a line which is kept starts that line.
    private mutating func noteTag(_ index: Int) {
        if !lines.standalone[index], isLineStart(tokens[index].range.lowerBound) { lineStarted = true }
    }

    private mutating func flushLineStart(into nodes: inout [Node]) {
        if lineStarted {
            nodes.append(.lineStart)
            lineStarted = false
        }
    }

    private func location(ofToken index: Int) -> SourceLocation {
        lineTable.location(ofByte: tokens[index].range.lowerBound)
    }

    private func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
    }

    /// Skips, at a line start, as much of each enclosing block's intrinsic
    /// indentation as the line has.
    private func dedent(_ offset: Int, limit: Int) -> Int {
        var cursor = offset
        for indentation in dedents {
            var matched = indentation.startIndex
            while matched < indentation.endIndex, cursor < limit, bytes[cursor] == indentation[matched] {
                cursor += 1
                matched += 1
            }
        }
        return cursor
    }

    private func indentationText(_ range: Range<Int>) -> String {
        String(decoding: bytes[dedent(range.lowerBound, limit: range.upperBound)..<range.upperBound], as: UTF8.self)
    }

    /// The leading whitespace of the first line after a block's opening tag
    /// (which ends its line), less the enclosing blocks' indentation.
    private func intrinsicIndentation(after index: Int) -> ArraySlice<UInt8> {
        var lineStart = tokens[index].range.upperBound
        while lineStart < bytes.count, bytes[lineStart] != UInt8(ascii: "\n") { lineStart += 1 }
        lineStart = min(lineStart + 1, bytes.count)
        let start = dedent(lineStart, limit: bytes.count)
        var end = start
        while end < bytes.count, bytes[end].isIndentation { end += 1 }
        return bytes[start..<end]
    }

    private func partialName(_ name: String) -> PartialName {
        if name.hasPrefix("*") { return .dynamic(Name(String(name.dropFirst())) ?? Name.implicit) }
        return .fixed(name)
    }
}
