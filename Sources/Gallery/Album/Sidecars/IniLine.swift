/// One line of an INI file, as Picasa writes them and Windows'
/// `GetPrivateProfileString` reads them.
///
/// Only whole-line comments (`;` or `#` first) exist: Picasa does not escape
/// `;` or `#` inside a caption, so an inline `;` is part of the value.
/// (thumbsup's INI library would cut `caption=Sunset #1` at the `#`; the
/// file's writer wins here.)
enum IniLine: Sendable, Equatable {
    /// `[Name]`: the name between the brackets, trimmed.
    case section(String)
    /// `key=value`: the key lowercased and trimmed, the value trimmed and unquoted.
    case pair(key: String, value: String)
    /// Blank lines and comments.
    case blank
    /// A line without `=` (or with nothing before it): skipped by readers.
    case malformed
    /// `[unclosed`: skipped, and what follows belongs to no section until the
    /// next good header, since it cannot be told which photo it was meant for.
    case malformedSection

    init(_ line: Substring) {
        let text = Self.trimmed(line)
        guard let first = text.first else { self = .blank; return }
        if first == ";" || first == "#" { self = .blank; return }
        if first == "[" {
            guard text.last == "]", text.count >= 2 else { self = .malformedSection; return }
            self = .section(Self.trimmed(text.dropFirst().dropLast()))
            return
        }
        guard let equals = text.firstIndex(of: "=") else { self = .malformed; return }
        let key = Self.trimmed(text[..<equals]).lowercased()
        guard !key.isEmpty else { self = .malformed; return }
        self = .pair(key: key, value: Self.unquoted(Self.trimmed(text[text.index(after: equals)...])))
    }

    /// `"a, b"` → `a, b`; only a value wholly inside one pair of matching quotes loses them.
    static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else { return value }
        return String(value.dropFirst().dropLast())
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
