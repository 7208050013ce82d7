/// The `Key: value` header at the top of a Markdown file, as Python-Markdown's
/// `meta` extension reads it (and so sigal), plus the `---`-fenced YAML-style
/// variant seen in the wild.
///
/// Python-Markdown rules, followed here:
/// - a key is `[A-Za-z0-9_-]+` after at most three spaces, then `:`; keys are
///   case-insensitive (kept lowercased);
/// - a line indented by four or more spaces continues the previous key with
///   another value (sigal templates see a list; here values join with `\n`);
/// - a repeated key adds a value the same way;
/// - the header ends at the first blank line, or at the first line that is
///   neither, which then starts the body;
/// - an optional `---` first line opens it and `---` or `...` closes it.
///
/// Inside a fence, lines that are not `key: value` (YAML lists, comments) are
/// skipped rather than ending the header, and values in matching quotes lose
/// them, so simple YAML front matter reads as intended. Nested YAML is not
/// interpreted.
struct MarkdownMetaHeader: Sendable, Equatable {
    /// Values by lowercased key; several values of one key joined with `\n`.
    var values: [String: String]
    /// The Markdown after the header.
    var body: String

    init(values: [String: String] = [:], body: String = "") {
        self.values = values
        self.body = body
    }

    /// Splits `lines` into header and body.
    init(lines: [Substring]) {
        var values: [String: [String]] = [:]
        var order: [String] = []
        var index = 0
        let fenced = lines.first.map { Self.isFence($0, closing: false) } ?? false
        if fenced { index = 1 }
        var lastKey: String?
        var closed = false
        headerLoop: while index < lines.count {
            let line = lines[index]
            if fenced && Self.isFence(line, closing: true) {
                index += 1
                closed = true
                break
            }
            if !fenced && line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                index += 1
                break
            }
            if let (key, value) = Self.keyValue(line) {
                let clean = fenced ? Self.unquoted(value) : value
                if values[key] == nil { order.append(key) }
                values[key, default: []].append(clean)
                lastKey = key
            } else if let lastKey, let more = Self.continuation(line) {
                values[lastKey, default: []].append(more)
            } else if fenced {
                // YAML lists, comments, blank lines: not ours to read, not the body either.
            } else {
                break headerLoop
            }
            index += 1
        }
        // A fence never closed was not a header: the whole file is Markdown.
        if fenced && !closed {
            self.init(values: [:], body: lines.joined(separator: "\n"))
            return
        }
        var joined: [String: String] = [:]
        for key in order {
            joined[key] = values[key]!.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        self.init(values: joined, body: lines[index...].joined(separator: "\n"))
    }

    /// `Title: Lake` → (`title`, `Lake`).
    static func keyValue(_ line: Substring) -> (String, String)? {
        let spaces = line.prefix { $0 == " " }.count
        guard spaces <= 3 else { return nil }
        let rest = line.dropFirst(spaces)
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let key = rest[..<colon]
        guard !key.isEmpty, key.unicodeScalars.allSatisfy(Self.isKeyScalar) else { return nil }
        return (key.lowercased(), Self.trimmed(rest[rest.index(after: colon)...]))
    }

    /// A value continued on a line indented by four or more spaces (or a tab).
    static func continuation(_ line: Substring) -> String? {
        guard line.hasPrefix("    ") || line.hasPrefix("\t") else { return nil }
        let value = trimmed(line)
        return value.isEmpty ? nil : value
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }

    /// `---` opens; `---` or `...` closes; anything after a space is ignored, as Python-Markdown does.
    private static func isFence(_ line: Substring, closing: Bool) -> Bool {
        for fence in closing ? ["---", "..."] : ["---"] where line.hasPrefix(fence) {
            let rest = line.dropFirst(3)
            if rest.isEmpty || rest.first == " " || rest.first == "\t" { return true }
        }
        return false
    }

    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else { return value }
        return String(value.dropFirst().dropLast())
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
