/// Markdown's inline syntax removed from one paragraph, the words kept:
/// `*em*`, `__strong__`, `~~struck~~` lose their markers (in matched pairs
/// only), `` `code` `` its backticks, `[text](url)` and `[text][ref]` become
/// `text`, `![alt](src)` goes, `<https://…>` keeps the address, HTML tags go
/// (`<br>` is a space), entities and backslash escapes become characters.
enum MarkdownInline {
    /// Nesting deeper than this (`[[[[…`) is kept as text, so hostile input cannot recurse without end.
    static let depthLimit = 8
    /// A link's label and target are looked for this far ahead at most, so
    /// thousands of unclosed `[` cost a bounded scan each.
    static let linkScanLimit = 2_048

    /// A piece of output: text, or a run of emphasis markers that stays only if unmatched.
    private enum Piece {
        case text(String)
        case delimiter(Character, count: Int, canOpen: Bool, canClose: Bool)
    }

    /// The words of `source` without inline Markdown.
    static func plain(_ source: some StringProtocol) -> String {
        plain(Array(source), depth: 0)
    }

    private static func plain(_ chars: [Character], depth: Int) -> String {
        var pieces: [Piece] = []
        var text = ""
        func emit(_ piece: Piece) {
            if !text.isEmpty { pieces.append(.text(text)); text = "" }
            pieces.append(piece)
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\" where i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isPunctuationOrSymbol:
                text.append(chars[i + 1])
                i += 2
            case "`":
                let run = count(of: "`", in: chars, from: i)
                if let close = closingBackticks(run, in: chars, from: i + run) {
                    var code = String(chars[(i + run)..<close])
                    if code.count >= 2, code.first == " ", code.last == " " { code = String(code.dropFirst().dropLast()) }
                    text += code
                    i = close + run
                } else {
                    text += String(repeating: "`", count: run)
                    i += run
                }
            case "!" where i + 1 < chars.count && chars[i + 1] == "[" && depth < depthLimit:
                if let link = link(in: chars, at: i + 1) {
                    i = link.end
                } else {
                    text.append(c)
                    i += 1
                }
            case "[" where depth < depthLimit:
                if let link = link(in: chars, at: i) {
                    text += plain(Array(chars[link.label]), depth: depth + 1)
                    i = link.end
                } else {
                    text.append(c)
                    i += 1
                }
            case "<":
                if let (replacement, end) = angle(in: chars, at: i) {
                    text += replacement
                    i = end
                } else {
                    text.append(c)
                    i += 1
                }
            case "&":
                if let (character, end) = HTMLEntity.decode(chars, at: i) {
                    text.append(character)
                    i = end
                } else {
                    text.append(c)
                    i += 1
                }
            case "*", "_", "~":
                let run = count(of: c, in: chars, from: i)
                let before: Character? = i > 0 ? chars[i - 1] : nil
                let after: Character? = i + run < chars.count ? chars[i + run] : nil
                var (canOpen, canClose) = flanking(before: before, after: after)
                if c == "_", before?.isLetterOrNumber == true, after?.isLetterOrNumber == true {
                    // `snake_case`: intraword underscores are never emphasis.
                    (canOpen, canClose) = (false, false)
                }
                if c == "~" && run != 2 { (canOpen, canClose) = (false, false) }
                if canOpen || canClose {
                    emit(.delimiter(c, count: run, canOpen: canOpen, canClose: canClose))
                } else {
                    text += String(repeating: c, count: run)
                }
                i += run
            default:
                text.append(c)
                i += 1
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return render(pieces)
    }

    /// Removes delimiter runs that pair up (nearest opener of the same
    /// character); the rest are text again.
    private static func render(_ pieces: [Piece]) -> String {
        var removed = Set<Int>()
        var openers: [Int] = []
        for (index, piece) in pieces.enumerated() {
            guard case .delimiter(let mark, _, let canOpen, let canClose) = piece else { continue }
            if canClose, let match = openers.lastIndex(where: { opener in
                if case .delimiter(let other, _, _, _) = pieces[opener] { return other == mark }
                return false
            }) {
                removed.insert(openers[match])
                removed.insert(index)
                openers.removeSubrange(match...)
            } else if canOpen {
                openers.append(index)
            }
        }
        var result = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .text(let text): result += text
            case .delimiter(let mark, let count, _, _):
                if !removed.contains(index) { result += String(repeating: mark, count: count) }
            }
        }
        return result
    }

    /// CommonMark's left- and right-flanking rules, simplified to whitespace and punctuation.
    private static func flanking(before: Character?, after: Character?) -> (canOpen: Bool, canClose: Bool) {
        let beforeSpace = before?.isWhitespace ?? true
        let afterSpace = after?.isWhitespace ?? true
        let beforePunct = before?.isPunctuationOrSymbol ?? false
        let afterPunct = after?.isPunctuationOrSymbol ?? false
        let canOpen = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let canClose = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        return (canOpen, canClose)
    }

    private static func count(of mark: Character, in chars: [Character], from start: Int) -> Int {
        var end = start
        while end < chars.count && chars[end] == mark { end += 1 }
        return end - start
    }

    /// Where a run of exactly `run` backticks starts after `start`.
    private static func closingBackticks(_ run: Int, in chars: [Character], from start: Int) -> Int? {
        var i = start
        while i < chars.count {
            if chars[i] == "`" {
                let length = count(of: "`", in: chars, from: i)
                if length == run { return i }
                i += length
            } else {
                i += 1
            }
        }
        return nil
    }

    /// `[label](target)`, `[label][ref]`, `[label][]` starting at the `[`:
    /// the label's range and the index after the link. A bare `[label]`
    /// (a shortcut reference) is not recognised: without the definitions it
    /// cannot be told from text in brackets, and the brackets are kept.
    private static func link(in chars: [Character], at open: Int) -> (label: Range<Int>, end: Int)? {
        var depth = 0
        var i = open
        var close: Int?
        let limit = min(chars.count, open + linkScanLimit)
        while i < limit {
            switch chars[i] {
            case "\\": i += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { close = i }
            default: break
            }
            if close != nil { break }
            i += 1
        }
        guard let close, close + 1 < chars.count else { return nil }
        let label = (open + 1)..<close
        switch chars[close + 1] {
        case "(":
            var parens = 0
            var j = close + 1
            while j < limit {
                if chars[j] == "\\" { j += 2; continue }
                if chars[j] == "(" { parens += 1 }
                if chars[j] == ")" { parens -= 1; if parens == 0 { return (label, j + 1) } }
                j += 1
            }
            return nil
        case "[":
            guard close + 2 <= limit, let end = chars[(close + 2)..<limit].firstIndex(of: "]") else { return nil }
            return (label, end + 1)
        default:
            return nil
        }
    }

    /// `<https://x>` / `<a@b.c>` → the address; `<tag …>` / `</tag>` / `<!-- … -->` → nothing, `<br>` → a space.
    private static func angle(in chars: [Character], at open: Int) -> (String, Int)? {
        guard open + 1 < chars.count else { return nil }
        if chars[(open + 1)...].starts(with: ["!", "-", "-"]) {
            var j = open + 4
            while j + 2 < chars.count {
                if chars[j] == "-" && chars[j + 1] == "-" && chars[j + 2] == ">" { return ("", j + 3) }
                j += 1
            }
            return nil
        }
        guard let close = chars[(open + 1)...].firstIndex(where: { $0 == ">" || $0 == "<" }), chars[close] == ">" else { return nil }
        let inner = String(chars[(open + 1)..<close])
        guard let first = inner.first, !inner.contains(" ") || first.isLetter || first == "/" else { return nil }
        if let colon = inner.firstIndex(of: ":"), inner[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }),
           inner.distance(from: inner.startIndex, to: colon) >= 2, !inner.contains(" ") {
            return (inner, close + 1)
        }
        if inner.contains("@"), !inner.contains(" "), first.isLetter || first.isNumber { return (inner, close + 1) }
        let name = inner.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard first.isLetter || first == "/", !name.isEmpty else { return nil }
        return (name.lowercased() == "br" ? " " : "", close + 1)
    }
}

private extension Character {
    var isPunctuationOrSymbol: Bool { isPunctuation || isSymbol }
    var isLetterOrNumber: Bool { isLetter || isNumber }
}
