/// Text made safe to show on a terminal: a file name can hold any byte but
/// `/` and NUL, and an escape sequence in one (`a\u{1B}[31mred.jpg`) would
/// otherwise recolour, retitle or rewrite the user's terminal, and a bidi
/// override would show a name other than the file's. Pure.
enum TerminalText {
    /// `text` with every C0 control but line feed and tab, DEL, every C1
    /// control and the bidi embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069) written as `\u{1B}`; all else unchanged.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` could move the cursor, change the terminal's state or reorder the text.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
