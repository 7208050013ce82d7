import Foundation

/// How tall the default theme's album header (breadcrumbs, title,
/// description, count) is at a given viewport width, estimated from its
/// text with the stylesheet's font sizes, line heights and margins, so the
/// page knows where its tiles start on a phone's first screen (``PageModel``
/// marks only the tiles above that eager).
///
/// The estimate leans high: a tile wrongly lazy on the first screen still
/// loads at once (the browser loads a lazy image in view), while one
/// wrongly eager below it is bytes a phone may never show. So characters
/// are counted wider than the system font's average (``latinWidth``), CJK
/// and other wide characters a full em, and every wrapped line loses a
/// little of its width to the word that did not fit.
struct HeaderEstimate {
    /// The album's title (`h1`).
    var title: String
    /// The breadcrumbs' titles, the home page first (none on the home page).
    var breadcrumbs: [String] = []
    /// The description's blocks as plain text: plain paragraphs, or the
    /// Markdown HTML's paragraphs, list items and headings (``blocks(ofHTML:)``).
    var paragraphs: [String] = []
    /// The count line (`3 albums · 12 photos`, and the page on a paged album).
    var count: String
    /// The album download's link (`Download 12 photos as a ZIP (48.2 MB)`), when there is one.
    var download: String? = nil

    /// The average advance of a Latin (or other narrow) character, in em:
    /// system-ui sans averages about 0.5 em in running text; 0.58 covers
    /// capitals, digits and the bold title.
    static let latinWidth = 0.58
    /// A wide (CJK, full-width, emoji) character is a full em.
    static let wideWidth = 1.0
    /// The share of a line's width a wrapped line fills on average: the
    /// word that did not fit leaves the rest empty.
    static let lineFill = 0.9

    /// The default stylesheet's numbers, in CSS px (a 16 px root): the
    /// `.album-header`, `.breadcrumbs`, `h1`, `.description` and `.count`
    /// rules of `Templates/style.css.mustache`, which a test reads back, so
    /// the two change together.
    enum Metrics {
        static let paddingTop = 24.0, paddingBottom = 12.0, paddingSides = 24.0, maxWidth = 960.0
        static let crumbFont = 14.0, crumbLine = 21.0, crumbsBelow = 8.0, crumbSeparator = 18.0
        static let titleFont = 28.0, titleLine = 33.6
        static let textFont = 16.0, textLine = 24.0, descriptionAbove = 8.0, paragraphGap = 8.0, markdownGap = 16.0
        static let countAbove = 4.0, downloadAbove = 4.0
    }

    /// The header's height in CSS px at a viewport `width` px wide;
    /// `markdown` when the paragraphs come from Markdown HTML (a 1em gap
    /// between its blocks, not the plain paragraphs' 0.5rem).
    func height(viewportWidth width: Double, markdown: Bool = false) -> Double {
        let line = max(1, min(width, Metrics.maxWidth) - Metrics.paddingSides)
        var total = Metrics.paddingTop + Metrics.paddingBottom
        if !breadcrumbs.isEmpty {
            let crumbs = breadcrumbs.map { Self.advance($0, fontSize: Metrics.crumbFont) + Metrics.crumbSeparator }
            total += Double(Self.flexLines(crumbs, width: line)) * Metrics.crumbLine + Metrics.crumbsBelow
        }
        total += Double(Self.lines(title, fontSize: Metrics.titleFont, width: line)) * Metrics.titleLine
        if !paragraphs.isEmpty {
            total += Metrics.descriptionAbove
            let gap = markdown ? Metrics.markdownGap : Metrics.paragraphGap
            for (index, paragraph) in paragraphs.enumerated() {
                if index > 0 { total += gap }
                total += Double(Self.lines(paragraph, fontSize: Metrics.textFont, width: line)) * Metrics.textLine
            }
        }
        total += Metrics.countAbove + Double(Self.lines(count, fontSize: Metrics.textFont, width: line)) * Metrics.textLine
        if let download {
            total += Metrics.downloadAbove + Double(Self.lines(download, fontSize: Metrics.textFont, width: line)) * Metrics.textLine
        }
        return total
    }

    /// Lines `text` takes in a box `width` px wide: its own line breaks
    /// kept, each line wrapped by its estimated advance.
    static func lines(_ text: String, fontSize: Double, width: Double) -> Int {
        let usable = max(1, width * lineFill)
        return text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { sum, part in
            sum + max(1, Int((advance(part, fontSize: fontSize) / usable).rounded(.up)))
        }
    }

    /// Lines a wrapping row of boxes `widths` wide takes (breadcrumbs); a
    /// box wider than the line wraps inside itself.
    static func flexLines(_ widths: [Double], width: Double) -> Int {
        var lines = 1, used = 0.0
        for box in widths {
            if used > 0 && used + box > width { lines += 1; used = 0 }
            if box > width {
                lines += Int((box / max(1, width * lineFill)).rounded(.up)) - 1
                used = box.truncatingRemainder(dividingBy: width)
            } else {
                used += box
            }
        }
        return lines
    }

    /// The estimated advance of `text` at `fontSize` px.
    static func advance(_ text: some StringProtocol, fontSize: Double) -> Double {
        text.unicodeScalars.reduce(0.0) { $0 + (isWide($1) ? wideWidth : latinWidth) } * fontSize
    }

    /// East Asian wide and full-width characters (Unicode's `W` and `F`
    /// ranges, the common blocks) and emoji: a full em each.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// The text blocks of Markdown HTML (``MarkdownHTML``): each paragraph,
    /// list item, heading, quote or code line, tags removed and entities
    /// counted as one character each.
    static func blocks(ofHTML html: String) -> [String] {
        var blocks: [String] = [], current = "", inTag = false, tag = "", inEntity = false
        func close() {
            let text = current.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty { blocks.append(text) }
            current = ""
        }
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    let name = tag.lowercased().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                    if ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "br", "hr", "ul", "ol",
                        "table", "tr", "div"].contains(String(name)) {
                        close()
                    }
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                inTag = true
                tag = ""
            } else if inEntity {
                if character == ";" { inEntity = false }
            } else if character == "&" {
                inEntity = true
                current.append("x")
            } else {
                current.append(character)
            }
        }
        close()
        return blocks
    }
}

extension PageModel {
    /// The album header's estimated height at each breakpoint's narrowest
    /// width (a viewport of at least 320 px), page `page`'s count line
    /// included: where the grid starts (``HeaderEstimate``).
    func headerHeights(page: Int) -> [Double] {
        var count = countLabel
        if albumPageCount > 1 { count += strings.text("countSeparator") + pageLabel(page) }
        let markdown = descriptionHTML != nil
        let paragraphs = descriptionHTML.map(HeaderEstimate.blocks(ofHTML:))
            ?? description.map { $0.components(separatedBy: "\n\n") } ?? []
        let header = HeaderEstimate(title: title, breadcrumbs: ancestors.map(\.title), paragraphs: paragraphs, count: count,
                                    download: downloadLabel(page: page))
        return geometry.breakpoints.map { breakpoint in
            header.height(viewportWidth: max(breakpoint.minWidth + 2 * geometry.padding, 320), markdown: markdown)
        }
    }
}
