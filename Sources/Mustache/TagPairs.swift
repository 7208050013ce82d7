/// Matches every section, parent and block tag with its closing tag.
struct TagPairs: Sendable {
    /// Deepest nesting a template may use; keeps the recursive tree builder and
    /// renderer far from the stack limit on hostile input.
    static let nestingLimit = 100

    /// For an opening or closing tag, the index of its partner; -1 otherwise.
    private(set) var partner: [Int]
    /// True for a block tag directly inside a parent tag: an argument that
    /// overrides the parent's block rather than a block of this template.
    private(set) var isArgument: [Bool]

    init(tokens: [Token], lines: LineTable, templateName: String) throws(TemplateError) {
        partner = Array(repeating: -1, count: tokens.count)
        isArgument = Array(repeating: false, count: tokens.count)
        func error(_ kind: TemplateError.Kind, at index: Int) -> TemplateError {
            TemplateError(template: templateName, location: lines.location(ofByte: tokens[index].range.lowerBound),
                          kind: kind)
        }
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .section, .invertedSection, .parent, .block:
                guard open.count < Self.nestingLimit else {
                    throw error(.nestingTooDeep(limit: Self.nestingLimit), at: index)
                }
                if token.kind == .block, let enclosing = open.last, tokens[enclosing].kind == .parent {
                    isArgument[index] = true
                }
                open.append(index)
            case .close:
                guard let opener = open.popLast() else {
                    throw error(.unexpectedClosingTag(token.name), at: index)
                }
                guard tokens[opener].name == token.name else {
                    let openedAt = lines.location(ofByte: tokens[opener].range.lowerBound)
                    throw error(.mismatchedClosingTag(found: token.name, open: tokens[opener].name,
                                                      openedAt: openedAt), at: index)
                }
                partner[opener] = index
                partner[index] = opener
            default:
                break
            }
        }
        if let unclosed = open.last {
            throw error(.unclosedSection(tokens[unclosed].name), at: unclosed)
        }
    }
}
