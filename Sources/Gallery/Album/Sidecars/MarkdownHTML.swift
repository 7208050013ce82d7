import Mustache
import CLibCMark

/// A sidecar's Markdown made fit for a page: HTML of a small, safe subset,
/// and the plain text of the same words for places that take no markup
/// (`alt`, `<title>`, link previews, feeds, the tile caption).
struct RenderedMarkdown: Sendable, Equatable {
    /// Safe HTML: only the elements ``MarkdownHTML`` allows, all text escaped.
    var html: String
    /// The words, paragraphs separated by `\n\n`, each cleaned to one line.
    var text: String
}

/// Markdown in, safe HTML and plain text out: pure, no I/O.
///
/// sigal's users write captions and descriptions in Markdown (paragraphs,
/// lists, emphasis, links). cmark (the CommonMark reference parser) reads
/// the text into a tree; Cascade never uses cmark's own HTML but walks the
/// tree and writes only what it allows, escaping every piece of text, so
/// the result is safe by construction rather than by filtering:
///
/// - paragraphs, emphasis and strong emphasis, bulleted and numbered lists,
///   inline code and code blocks, hard line breaks;
/// - links whose address ``MarkdownLink`` keeps (`http(s):` or relative);
///   any other link is shown as its text;
/// - a heading becomes a paragraph of strong text: a caption sits under the
///   page's own `<h1>`, and its headings must not outrank it;
/// - raw HTML (blocks and inline tags, comments), images and thematic
///   breaks are dropped whole; a block quote keeps its content, unquoted.
///
/// Elements nest at most ``maximumDepth`` deep: a hostile file of 10,000
/// nested list markers gives a flat page, not one a browser or the markup
/// check refuses.
enum MarkdownHTML {
    /// Deeper elements lose their tags, keeping their text.
    static let maximumDepth = 16

    /// The rendering of `markdown`; nil when it holds no words.
    static func render(_ markdown: String) -> RenderedMarkdown? {
        let document = markdown.withCString { cmark_parse_document($0, markdown.utf8.count, CMARK_OPT_DEFAULT) }
        guard let document else { return nil }
        defer { cmark_node_free(document) }
        var writer = MarkdownTreeWriter()
        writer.walk(document)
        let paragraphs = writer.paragraphs.compactMap(PhotoDetails.cleaned)
        guard !paragraphs.isEmpty else { return nil }
        return RenderedMarkdown(html: writer.html, text: paragraphs.joined(separator: "\n\n"))
    }
}

/// One walk over a cmark tree, writing ``MarkdownHTML``'s subset and
/// collecting the plain paragraphs. Iterative (cmark's iterator), so depth
/// costs no stack.
private struct MarkdownTreeWriter {
    var html = ""
    var paragraphs: [String] = []
    private var paragraph = ""
    /// The closing tags of the open container nodes, innermost last ("" when
    /// the node wrote no tag).
    private var closers: [String] = []
    /// How many of ``closers`` are tags.
    private var openTags = 0
    /// Inside an image (and how deep): nothing of it is shown.
    private var imageDepth = 0

    mutating func walk(_ document: OpaquePointer) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE {
                imageDepth += event == CMARK_EVENT_ENTER ? 1 : -1
                continue
            }
            if imageDepth > 0 { continue }
            if event == CMARK_EVENT_ENTER {
                enter(node, type: type)
            } else if event == CMARK_EVENT_EXIT {
                exit(type)
            }
        }
        endParagraph()
    }

    private mutating func enter(_ node: OpaquePointer, type: cmark_node_type) {
        switch type {
        case CMARK_NODE_TEXT:
            let text = Self.literal(node)
            html += Escaping.html(text)
            paragraph += text
        case CMARK_NODE_CODE:
            let text = Self.literal(node)
            html += "<code>" + Escaping.html(text) + "</code>"
            paragraph += text
        case CMARK_NODE_SOFTBREAK:
            html += "\n"
            paragraph += " "
        case CMARK_NODE_LINEBREAK:
            html += "<br />"
            paragraph += " "
        case CMARK_NODE_HTML_INLINE where Self.isLineBreakTag(node):
            // `<br>` typed in a caption is the one tag whose meaning is kept.
            html += "<br />"
            paragraph += " "
        case CMARK_NODE_CODE_BLOCK:
            endParagraph()
            let text = Self.literal(node)
            html += "<pre><code>" + Escaping.html(text) + "</code></pre>"
            paragraphs.append(text)
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_THEMATIC_BREAK:
            break
        case CMARK_NODE_PARAGRAPH:
            endParagraph()
            open(Self.inTightList(node) ? nil : "p")
        case CMARK_NODE_HEADING:
            endParagraph()
            open("p", then: "strong")
        case CMARK_NODE_LIST:
            endParagraph()
            if cmark_node_get_list_type(node) == CMARK_ORDERED_LIST {
                let start = cmark_node_get_list_start(node)
                open("ol", attributes: start == 1 ? "" : " start=\"\(start)\"")
            } else {
                open("ul")
            }
        case CMARK_NODE_ITEM:
            open("li")
        case CMARK_NODE_EMPH:
            open("em")
        case CMARK_NODE_STRONG:
            open("strong")
        case CMARK_NODE_LINK:
            let href = cmark_node_get_url(node).map { MarkdownLink.href(String(cString: $0)) } ?? nil
            if let href {
                open("a", attributes: " href=\"\(Escaping.html(href))\"")
            } else {
                open(nil)
            }
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE:
            open(nil)
        case CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
            // Never made by the parser; their children's text only.
            open(nil)
        default:
            break
        }
    }

    private mutating func exit(_ type: cmark_node_type) {
        guard let closer = closers.popLast() else { return }
        if !closer.isEmpty { openTags -= 1 }
        html += closer
        if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING { endParagraph() }
    }

    /// Opens a container node: its tag (and an inner one) unless ``MarkdownHTML/maximumDepth`` is reached.
    private mutating func open(_ tag: String?, then inner: String? = nil, attributes: String = "") {
        guard let tag, openTags < MarkdownHTML.maximumDepth else {
            closers.append("")
            return
        }
        openTags += 1
        html += "<\(tag)\(attributes)>" + (inner.map { "<\($0)>" } ?? "")
        closers.append((inner.map { "</\($0)>" } ?? "") + "</\(tag)>")
    }

    private mutating func endParagraph() {
        if !paragraph.isEmpty { paragraphs.append(paragraph) }
        paragraph = ""
    }

    /// `<br>`, `<br/>`, `<BR />`: a line break written as HTML.
    private static func isLineBreakTag(_ node: OpaquePointer) -> Bool {
        guard let bytes = cmark_node_get_literal(node) else { return false }
        let tag = String(cString: bytes).lowercased().filter { $0 != " " && $0 != "/" }
        return tag == "<br>"
    }

    /// A paragraph directly in an item of a tight list is written without `<p>`, as CommonMark's HTML does.
    private static func inTightList(_ node: OpaquePointer) -> Bool {
        guard let item = cmark_node_parent(node), cmark_node_get_type(item) == CMARK_NODE_ITEM,
              let list = cmark_node_parent(item) else { return false }
        return cmark_node_get_list_tight(list) != 0
    }

    /// A text node's characters, without controls or format characters
    /// (U+202E and the like), NFC; line and paragraph separators become spaces.
    private static func literal(_ node: OpaquePointer) -> String {
        guard let bytes = cmark_node_get_literal(node) else { return "" }
        var result = ""
        for scalar in String(cString: bytes).nfc.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control where scalar == "\n" || scalar == "\t":
                result.unicodeScalars.append(scalar)
            case .lineSeparator, .paragraphSeparator:
                result += " "
            case .control, .format, .unassigned, .surrogate, .privateUse:
                continue
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
