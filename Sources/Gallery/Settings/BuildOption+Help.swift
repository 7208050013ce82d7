import Foundation

extension BuildOption {
    /// The help lines of `command`'s build options: `  -o, --output DIR   text`,
    /// wrapped at 78 columns, each with its default and valid values, and the
    /// `--no-` forms last.
    public static func help(for command: String) -> String {
        let standard = BuildOptions.standard
        var lines: [String] = []
        for option in taken(by: command) {
            // The valid values and the default, from the declaration and the default options themselves.
            var parts = [option.help]
            if option.valueName == "N", !option.help.contains("(default") { parts.append(option.expected) }
            let shown = option.resolved(standard)
            if option.kind == .value, !option.help.contains("default"), shown != "-" {
                let value = shown.hasSuffix(".0") ? String(shown.dropLast(2)) : shown
                if parts.count > 1 { parts[parts.count - 1] += ", default \(value)" } else { parts.append("default \(value)") }
            }
            let text = parts.joined(separator: "; ")
            lines += item(option.synopsis(short: true), text)
        }
        let negations = taken(by: command).filter(\.negatable).map(\.negation)
        lines += item(negations.joined(separator: ", "), "turn off what ALBUM/cascade.json turns on")
        return lines.joined(separator: "\n")
    }

    /// `[--output DIR] [--strict] …` between `before` and `after`, for the
    /// usage line: lines of at most `width` characters.
    public static func usage(for command: String, before: [String], after: [String], width: Int) -> [String] {
        wrap(before + taken(by: command).map { "[\($0.synopsis(short: false))]" } + after, width: width)
    }

    /// `-o, --output DIR` or `--output DIR`.
    func synopsis(short withShort: Bool) -> String {
        let names = (withShort ? short.map { "\($0), " } ?? "" : "") + flag
        return valueName.map { "\(names) \($0)" } ?? names
    }

    /// One help item: the names, then the text from column 24 (on the next line when the names are longer).
    private static func item(_ names: String, _ text: String) -> [String] {
        let column = 24
        let body = wrap(text.split(separator: " ").map(String.init), width: 78 - column)
        let padding = String(repeating: " ", count: column)
        var lines: [String]
        if names.count + 4 <= column {
            lines = ["  " + names + String(repeating: " ", count: column - 2 - names.count) + body[0]]
        } else {
            lines = wrap(names.split(separator: " ").map(String.init), width: 76).map { "  " + $0 } + [padding + body[0]]
        }
        return lines + body.dropFirst().map { padding + $0 }
    }

    /// Words joined by spaces into lines of at most `width` characters (a longer word alone).
    private static func wrap(_ words: [String], width: Int) -> [String] {
        var lines = [""]
        for word in words {
            if lines[lines.count - 1].isEmpty {
                lines[lines.count - 1] = word
            } else if lines[lines.count - 1].count + 1 + word.count <= width {
                lines[lines.count - 1] += " " + word
            } else {
                lines.append(word)
            }
        }
        return lines
    }
}
