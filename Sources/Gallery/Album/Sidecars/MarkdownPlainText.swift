/// Markdown made into the plain text Cascade shows: the words, none of the
/// syntax. Paragraphs are separated by `\n\n`, each on one line.
///
/// Captions and descriptions are plain text everywhere in Cascade (the theme
/// escapes them), so sigal's Markdown is flattened instead of rendered: a
/// heading keeps its words and loses its `#`, a link keeps its text and loses
/// its address, emphasis, inline-code backticks and HTML tags go, images go
/// whole (their alt text describes a picture that is not shown). Headings,
/// list items, quotes and code blocks each become a paragraph.
///
/// Not a full CommonMark implementation: block structure is read line by
/// line and emphasis markers are removed only in matched pairs, so `5*` or
/// `snake_case` keep their characters. Deterministic, with bounded work per
/// character (see ``MarkdownInline/linkScanLimit``).
enum MarkdownPlainText {
    /// The plain text of `markdown`; nil when no words are left.
    static func text(of markdown: String) -> String? {
        let paragraphs = blocks(SidecarText.lines(markdown)).compactMap { block -> String? in
            PhotoDetails.cleaned(block.raw ? block.text : MarkdownInline.plain(block.text))
        }
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }

    /// One paragraph's source: its lines joined, and whether it is code (kept verbatim).
    struct Block: Equatable {
        var text: String
        var raw: Bool
    }

    /// The paragraphs of `lines`, by Markdown's block rules (simplified).
    static func blocks(_ lines: [Substring]) -> [Block] {
        var blocks: [Block] = []
        var current: [Substring] = []
        var currentIsCode = false
        var fence: Substring?
        func flush() {
            let text = current.map { $0.hasSuffix("\\") && !currentIsCode ? $0.dropLast() : $0 }.joined(separator: " ")
            if !text.isEmpty { blocks.append(Block(text: text, raw: currentIsCode)) }
            current = []
            currentIsCode = false
        }
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            let content = line.drop { $0 == " " || $0 == "\t" }
            if let open = fence {
                if indent <= 3, content.hasPrefix(open), content.dropFirst(open.count).allSatisfy({ $0 == open.first || $0 == " " }) {
                    flush()
                    fence = nil
                } else {
                    current.append(line)
                }
                continue
            }
            if content.isEmpty {
                flush()
                continue
            }
            if indent >= 4 || line.hasPrefix("\t") {
                // Indented code starts only after a blank line; otherwise it continues the paragraph.
                if current.isEmpty { currentIsCode = true }
                current.append(content)
                continue
            }
            if currentIsCode { flush() }
            if let marker = fenceMarker(content) {
                flush()
                fence = marker
                currentIsCode = true
                continue
            }
            if let heading = atxHeading(content) {
                flush()
                current = [heading]
                flush()
                continue
            }
            if isRule(content) {
                // `Title` over `---` or `===` is a heading: its line is already the paragraph.
                flush()
                continue
            }
            if content.allSatisfy({ $0 == "=" }) && !current.isEmpty {
                flush()
                continue
            }
            if isReferenceDefinition(content) {
                flush()
                continue
            }
            var text = content
            while text.first == ">" {
                text = text.dropFirst().drop { $0 == " " }
            }
            if let item = listItem(text) {
                flush()
                current = [item]
                continue
            }
            if text.isEmpty {
                flush()
                continue
            }
            current.append(text)
        }
        flush()
        return blocks
    }

    /// "```" or "~~~" (three or more) opening a fenced code block: the fence to close it.
    private static func fenceMarker(_ content: Substring) -> Substring? {
        for mark: Character in ["`", "~"] {
            let run = content.prefix { $0 == mark }
            if run.count >= 3 { return run }
        }
        return nil
    }

    /// `## Title ##` → `Title`.
    private static func atxHeading(_ content: Substring) -> Substring? {
        let hashes = content.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = content.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var text = rest.drop { $0 == " " || $0 == "\t" }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        let closing = text.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = text.dropLast(closing)
            if before.isEmpty || before.last == " " || before.last == "\t" { text = before }
        }
        return text
    }

    /// `---`, `***`, `___`, `- - -`: a thematic break (or a setext underline).
    private static func isRule(_ content: Substring) -> Bool {
        let marks = content.filter { $0 != " " && $0 != "\t" }
        guard marks.count >= 3, let first = marks.first, "-*_".contains(first) else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// `[name]: https://…` defines a link target and shows nothing.
    private static func isReferenceDefinition(_ content: Substring) -> Bool {
        guard content.first == "[", let close = content.firstIndex(of: "]"), close > content.index(after: content.startIndex) else { return false }
        let after = content[content.index(after: close)...]
        return after.first == ":" && after.dropFirst().contains { $0 != " " }
    }

    /// `- item`, `* item`, `+ item`, `1. item`, `1) item` → `item`.
    private static func listItem(_ text: Substring) -> Substring? {
        if let first = text.first, "-*+".contains(first) {
            let rest = text.dropFirst()
            guard rest.first == " " || rest.first == "\t" else { return nil }
            return rest.drop { $0 == " " || $0 == "\t" }
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let rest = text.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return nil }
        let after = rest.dropFirst()
        guard after.first == " " || after.first == "\t" else { return nil }
        return after.drop { $0 == " " || $0 == "\t" }
    }
}
