import Foundation
import Testing
@testable import Gallery

/// sigal's Markdown (the body of `index.md` and `NAME.md`) rendered as the
/// safe HTML subset and as plain text.
struct MarkdownHTMLSidecarTests {
    private func text(_ markdown: String) -> String? { MarkdownHTML.render(markdown)?.text }
    private func html(_ markdown: String) -> String? { MarkdownHTML.render(markdown)?.html }

    @Test(arguments: [
        ("And a description with *Markdown* syntax.", "And a description with Markdown syntax."),
        ("**bold**, __strong__ and _em_", "bold, strong and em"),
        // Plain CommonMark (and sigal's Python-Markdown) has no strikethrough.
        ("~~kept~~", "~~kept~~"),
        ("snake_case_name stays", "snake_case_name stays"),
        ("5* hotel, 2 * 3 = 6", "5* hotel, 2 * 3 = 6"),
        ("un*frigging*believable", "unfriggingbelievable"),
        ("See [the lake](https://example.org/lake \"Lake\") today", "See the lake today"),
        ("A [*nested* link](x) here", "A nested link here"),
        ("Reference [link][ref] and [other][]\n\n[ref]: https://example.org\n[other]: x.html", "Reference link and other"),
        ("Undefined [link][nowhere] stays", "Undefined [link][nowhere] stays"),
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
    func inlineText(_ markdown: String, _ expected: String) {
        #expect(text(markdown) == expected)
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
        ("<div>\nraw block\n</div>\n\nText", "Text"),
        ("\n\n\n", nil),
        ("![only](an-image.png)", nil),
        ("Text\r\nwith CRLF\r\n\r\nand paragraphs", "Text with CRLF\n\nand paragraphs"),
    ] as [(String, String?)])
    func blockText(_ markdown: String, _ expected: String?) {
        #expect(text(markdown) == expected)
    }

    /// sigal's own example caption, and the subset's every element.
    @Test(arguments: [
        ("This is a caption of this image\n\nWith a nice list\n\n* item 1\n* item 2\n* item 3",
         "<p>This is a caption of this image</p><p>With a nice list</p><ul><li>item 1</li><li>item 2</li><li>item 3</li></ul>"),
        ("[source](https://example.com/x)", "<p><a href=\"https://example.com/x\">source</a></p>"),
        ("[up](../index.html) and [here](#p-dawn) and [there](Iceland/day%201.html)",
         "<p><a href=\"../index.html\">up</a> and <a href=\"#p-dawn\">here</a> and <a href=\"Iceland/day%201.html\">there</a></p>"),
        ("<https://example.org/a?b=1&c=2>", "<p><a href=\"https://example.org/a?b=1&amp;c=2\">https://example.org/a?b=1&amp;c=2</a></p>"),
        ("[café](https://example.org/café \"t\")", "<p><a href=\"https://example.org/caf%C3%A9\">café</a></p>"),
        ("*em* **strong** `a<b`", "<p><em>em</em> <strong>strong</strong> <code>a&lt;b</code></p>"),
        ("1. one\n\n2. two", "<ol><li><p>one</p></li><li><p>two</p></li></ol>"),
        ("3. three", "<ol start=\"3\"><li>three</li></ol>"),
        ("```\nif a < b && c\n```", "<pre><code>if a &lt; b &amp;&amp; c\n</code></pre>"),
        ("line one  \nline two\nline three", "<p>line one<br />line two\nline three</p>"),
        ("# A heading", "<p><strong>A heading</strong></p>"),
        ("> quoted", "<p>quoted</p>"),
        ("Tom & \"Jerry\" 'x'", "<p>Tom &amp; &quot;Jerry&quot; &#39;x&#39;</p>"),
    ])
    func safeSubset(_ markdown: String, _ expected: String) {
        #expect(html(markdown) == expected)
    }

    /// Hostile input: whatever it holds, the HTML has only the subset's
    /// elements, only `href` (and `start`) attributes, and every `href` is
    /// `http(s)://` or relative without a scheme.
    static let hostile = [
        "<script>alert(1)</script>",
        "before <script>alert(1)</script> after",
        "[x](javascript:alert(1))",
        "[x](JAVASCRIPT:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x]( java\tscript:alert(1))",
        "[x](<java\tscript:alert(1)>)",
        "[x](<java script:alert(1)>)",
        "[x](&#106;avascript:alert(1))",
        "[x](&#x6A;avascript&#58;alert(1))",
        "[x](java&#x09;script:alert(1))",
        "[x](java&#10;script:alert(1))",
        "[x](\u{01}javascript:alert(1))",
        "[x](vbscript:msgbox(1))",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[x](file:///etc/passwd)",
        "[x](//evil.example/)",
        "[x](/root/page.html)",
        "[x](\\\\evil.example)",
        "[x](https:evil.example)",
        "[x](https://example.com/\"onmouseover=\"alert(1))",
        "[x][r]\n\n[r]: javascript:alert(1)",
        "<javascript:alert(1)>",
        "<https://example.com/\"onmouseover=\"alert(1)>",
        "<div onclick=\"alert(1)\">\n*hi*\n</div>",
        "<img src=x onerror=alert(1)>",
        "![x](x.png\" onerror=\"alert(1))",
        "![x](javascript:alert(1))",
        "[![x](y.png)](javascript:alert(1))",
        "<a href=\"javascript:alert(1)\">click</a>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "**<style>body{display:none}</style>**",
        "<!-- <script>alert(1)</script> -->",
        "<svg><script>alert(1)</script></svg>",
        "```html\n<script>alert(1)</script>\n```",
        "`<script>alert(1)</script>`",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "evil\u{202E}txt\u{0007}\u{0000}",
        String(repeating: "- ", count: 5_000) + "deep",
        String(repeating: ">", count: 5_000) + " deep",
        String(repeating: "*", count: 5_000) + "deep" + String(repeating: "*", count: 5_000),
        String(repeating: "[", count: 3_000) + "x" + String(repeating: "](javascript:alert(1))", count: 3_000),
    ]

    @Test(arguments: hostile)
    func hostileInputKeepsToTheSubset(_ markdown: String) throws {
        guard let html = html(markdown) else { return }
        for problem in Self.problems(html) {
            Issue.record("\(problem) in \(html.prefix(300))")
        }
    }

    /// What breaks the subset's rules in `html` (empty when it keeps them).
    static func problems(_ html: String) -> [String] {
        var problems: [String] = []
        let allowed: Set<String> = ["p", "em", "strong", "ul", "ol", "li", "a", "code", "pre", "br"]
        let tag = try! NSRegularExpression(pattern: "<(/?)([A-Za-z0-9]*)([^>]*)>")
        let whole = NSRange(html.startIndex..., in: html)
        for match in tag.matches(in: html, range: whole) {
            let name = String(html[Range(match.range(at: 2), in: html)!])
            let attributes = String(html[Range(match.range(at: 3), in: html)!])
            if !allowed.contains(name) { problems.append("element <\(name)>") }
            let names = try! NSRegularExpression(pattern: "([A-Za-z-]+)=\"([^\"]*)\"")
            let attributeRange = NSRange(attributes.startIndex..., in: attributes)
            var rest = attributes
            for attribute in names.matches(in: attributes, range: attributeRange) {
                let key = String(attributes[Range(attribute.range(at: 1), in: attributes)!])
                let value = String(attributes[Range(attribute.range(at: 2), in: attributes)!])
                rest = rest.replacingOccurrences(of: String(attributes[Range(attribute.range, in: attributes)!]), with: "")
                switch (name, key) {
                case ("a", "href"):
                    let url = value.replacingOccurrences(of: "&amp;", with: "&")
                    let head = url.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                    let safe = url.hasPrefix("https://") || url.hasPrefix("http://")
                        || (!head.contains(":") && !url.hasPrefix("/") && !url.hasPrefix("\\"))
                    if !safe || url.contains(where: { $0 == " " || $0 == "\"" || $0 == "<" || $0.asciiValue.map { $0 < 0x20 } ?? false }) {
                        problems.append("href \(value)")
                    }
                case ("ol", "start"):
                    if Int(value) == nil { problems.append("start \(value)") }
                default:
                    problems.append("attribute \(key) on <\(name)>")
                }
            }
            if !rest.trimmingCharacters(in: .whitespaces).isEmpty && rest != " /" { problems.append("stray \(rest)") }
        }
        // Nothing outside a tag may open one: every `<` in text is escaped.
        let outside = tag.stringByReplacingMatches(in: html, range: whole, withTemplate: "")
        if outside.contains("<") || outside.contains(">") { problems.append("unescaped < or > in text") }
        if html.unicodeScalars.contains(where: { $0 == "\u{202E}" || $0 == "\u{07}" || $0 == "\u{00}" }) {
            problems.append("control or bidi override")
        }
        return problems
    }

    @Test func deepNestingIsFlattenedNotRefused() throws {
        let deep = try #require(html(String(repeating: "- ", count: 5_000) + "deep"))
        #expect(deep.components(separatedBy: "<ul>").count - 1 <= MarkdownHTML.maximumDepth)
        #expect(deep.contains("deep"))
        let stars = String(repeating: "*a", count: 10_000)
        #expect(text(stars)?.contains("a") == true)
    }

    @Test func controlCharactersAndBidiOverridesAreRemoved() {
        #expect(text("evil\u{202E}txt\u{0007}") == "eviltxt")
        #expect(html("evil\u{202E}txt\u{0007}") == "<p>eviltxt</p>")
    }

    @Test(arguments: [
        ("https://example.com/x", "https://example.com/x"),
        ("HTTP://EXAMPLE.COM", "HTTP://EXAMPLE.COM"),
        ("  https://example.com/a b  ", "https://example.com/a%20b"),
        ("../a/index.html", "../a/index.html"),
        ("page.html?x=1#y", "page.html?x=1#y"),
        ("a/b:c", "a/b:c"),
    ])
    func keptLinks(_ destination: String, _ expected: String) {
        #expect(MarkdownLink.href(destination) == expected)
    }

    @Test(arguments: ["javascript:alert(1)", " JavaScript:x", "java\tscript:x", "java\nscript:x", "\u{0}javascript:x",
                      "vbscript:x", "data:text/html,x", "file:///etc/passwd", "mailto:a@b.c", "//evil.example",
                      "/root", "\\\\evil", "https:evil", "http:/evil", "https://", "", "   "])
    func droppedLinks(_ destination: String) {
        #expect(MarkdownLink.href(destination) == nil)
    }
}
