extension Template {
    /// Parses in four passes over UTF-8 bytes: tokens (following set-delimiter
    /// tags), tag pairs, standalone lines, then the node tree. Whitespace rules
    /// need both ends of a pair before any text can be emitted, hence the passes.
    static func parse(_ source: String, name: String) throws(TemplateError) -> [Node] {
        let bytes = Array(source.utf8)
        let lineTable = LineTable(bytes)
        var tokenizer = Tokenizer(bytes: bytes, lines: lineTable, templateName: name)
        let tokens = try tokenizer.tokens()
        let pairs = try TagPairs(tokens: tokens, lines: lineTable, templateName: name)
        let lines = StandaloneLines(tokens: tokens, pairs: pairs, bytes: bytes)
        var builder = NodeBuilder(bytes: bytes, tokens: tokens, pairs: pairs, lines: lines, lineTable: lineTable)
        return builder.build()
    }

    /// The fixed partial and parent names this template uses, in source order.
    func referencedPartials() -> [(name: String, location: SourceLocation)] {
        var found: [(name: String, location: SourceLocation)] = []
        Self.collectPartials(in: nodes, into: &found)
        return found.sorted { $0.location < $1.location }
    }

    private static func collectPartials(in nodes: [Node],
                                        into found: inout [(name: String, location: SourceLocation)]) {
        for node in nodes {
            switch node {
            case .text, .lineStart, .variable:
                break
            case .section(_, let children, _, _), .block(_, let children, _, _):
                collectPartials(in: children, into: &found)
            case .partial(let name, _, let location):
                if case .fixed(let fixed) = name { found.append((fixed, location)) }
            case .parent(let name, _, let arguments, let location):
                if case .fixed(let fixed) = name { found.append((fixed, location)) }
                for key in arguments.keys.sorted() {
                    collectPartials(in: arguments[key] ?? [], into: &found)
                }
            }
        }
    }
}
