import Testing
@testable import Gallery

/// Markdown flattened to the words: the body of sigal's `index.md` and `NAME.md`.
struct MarkdownPlainTextSidecarTests {
    @Test(arguments: [
        ("And a description with *Markdown* syntax.", "And a description with Markdown syntax."),
        ("**bold**, __strong__, _em_ and ~~gone~~", "bold, strong, em and gone"),
        ("snake_case_name stays", "snake_case_name stays"),
        ("5* hotel, 2 * 3 = 6", "5* hotel, 2 * 3 = 6"),
        ("un*frigging*believable", "unfriggingbelievable"),
        ("See [the lake](https://example.org/lake \"Lake\") today", "See the lake today"),
        ("A [*nested* link](x) here", "A nested link here"),
        ("Reference [link][ref] and [other][]", "Reference link and other"),
        ("Shortcut [kept] in brackets", "Shortcut [kept] in brackets"),
        ("Before ![a map](map.png) after", "Before after"),
        ("Run `swift build` now", "Run swift build now"),
        ("`` a ` tick ``", "a ` tick"),
        ("<b>Bold</b> and <span class=\"x\">span</span>", "Bold and span"),
        ("line<br>break", "line break"),
        ("Visit <https://example.org/a?b=1>", "Visit https://example.org/a?b=1"),
        ("Tom &amp; Jerry &#8212; &lt;3 &bogus;", "Tom & Jerry — <3 &bogus;"),
        ("\\*not em\\* and \\[not link\\]", "*not em* and [not link]"),
        ("a <!-- hidden --> b", "a b"),
        ("Unclosed [link](oops and *star", "Unclosed [link](oops and *star"),
        ("Café 溪流 🌅", "Café 溪流 🌅"),
    ])
    func inline(_ markdown: String, _ expected: String) {
        #expect(MarkdownPlainText.text(of: markdown) == expected)
    }

    @Test(arguments: [
        ("# Heading\nText under it.", "Heading\n\nText under it."),
        ("## Closed heading ##\n\nBody", "Closed heading\n\nBody"),
        ("#hashtag is not a heading", "#hashtag is not a heading"),
        ("Setext\n======\nnext", "Setext\n\nnext"),
        ("Setext two\n---\n\nnext", "Setext two\n\nnext"),
        ("First line\nsecond line\n\nNew paragraph", "First line second line\n\nNew paragraph"),
        ("Hard break  \nand backslash\\\nend", "Hard break and backslash end"),
        ("- one\n- two\n* three\n1. four\n2) five", "one\n\ntwo\n\nthree\n\nfour\n\nfive"),
        ("> quoted *text*\n> more", "quoted text more"),
        ("***\n\nafter rule", "after rule"),
        ("```swift\nlet *x* = [a](b)\n```\nafter", "let *x* = [a](b)\n\nafter"),
        ("Para\n\n    code *kept*\n\nafter", "Para\n\ncode *kept*\n\nafter"),
        ("[ref]: https://example.org\n\nText", "Text"),
        ("\n\n\n", nil),
        ("![only](an-image.png)", nil),
        ("Text\r\nwith CRLF\r\n\r\nand paragraphs", "Text with CRLF\n\nand paragraphs"),
    ] as [(String, String?)])
    func blocks(_ markdown: String, _ expected: String?) {
        #expect(MarkdownPlainText.text(of: markdown) == expected)
    }

    @Test func hostileNestingStaysBoundedAndKeepsTheText() {
        let deep = String(repeating: "[", count: 3_000) + "x" + String(repeating: "](u)", count: 3_000)
        let text = MarkdownPlainText.text(of: deep)
        #expect(text?.contains("x") == true)
        let stars = String(repeating: "*a", count: 10_000)
        #expect(MarkdownPlainText.text(of: stars)?.contains("a") == true)
    }

    @Test func controlCharactersAndBidiOverridesAreRemoved() {
        #expect(MarkdownPlainText.text(of: "evil\u{202E}txt\u{0007}") == "eviltxt")
    }
}
