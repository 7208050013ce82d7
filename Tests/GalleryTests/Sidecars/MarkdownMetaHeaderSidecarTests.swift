import Testing
@testable import Gallery

/// Python-Markdown's `meta` header and the `---` front-matter variant.
struct MarkdownMetaHeaderSidecarTests {
    private func header(_ text: String) -> MarkdownMetaHeader {
        MarkdownMetaHeader(lines: SidecarText.lines(text))
    }

    @Test(arguments: [
        // Keys are case-insensitive, values trimmed, the blank line ends the header.
        ("Title: Lake\nTHUMBNAIL:  a.jpg \n\nBody", ["title": "Lake", "thumbnail": "a.jpg"], "Body"),
        // Continuation lines (4+ spaces) add values; a repeated key does too.
        ("Authors: Waylan\n    John Doe\nAuthors: Third\n\nx", ["authors": "Waylan\nJohn Doe\nThird"], "x"),
        // The first line that is not a key starts the body, blank line or not.
        ("Title: T\nJust text\nmore", ["title": "T"], "Just text\nmore"),
        // No header at all.
        ("Plain *Markdown*\n\nsecond", [:], "Plain *Markdown*\n\nsecond"),
        // A key needs letters, digits, `_` or `-` only, after at most three spaces.
        ("My Key: no\n", [:], "My Key: no"),
        ("   Indented: yes\n", ["indented": "yes"], ""),
        // An empty value is kept as empty.
        ("Sort:\n\nx", ["sort": ""], "x"),
        // Python-Markdown's own `---` / `...` fences.
        ("---\nTitle: Fenced\n...\nBody", ["title": "Fenced"], "Body"),
        // YAML front matter: quotes removed, lists and comments skipped, blank lines allowed.
        ("---\ntitle: \"Quoted: yes\"\n# comment\ntags:\n  - a\n\ndate: 2024-05-12\n---\n\nBody", ["title": "Quoted: yes", "tags": "", "date": "2024-05-12"], "\nBody"),
        // A fence never closed is not a header.
        ("---\ntitle: x\nbody", [:], "---\ntitle: x\nbody"),
    ] as [(String, [String: String], String)])
    func splits(_ text: String, _ values: [String: String], _ body: String) {
        let parsed = header(text)
        #expect(parsed.values == values)
        #expect(parsed.body == body)
    }

    @Test func aBlankFirstLineMeansNoHeader() {
        let parsed = header("\nTitle: not a key\n")
        #expect(parsed.values.isEmpty)
        #expect(parsed.body == "Title: not a key")
    }
}
