/// BCP 47 language tags as Cascade accepts them: a 2–3 letter language,
/// then subtags of 1–8 letters or digits (`fr`, `pt-BR`, `zh-Hans-CN`).
/// Only the syntax is checked; whether a theme has strings for it is the
/// theme's business (``StringsCatalog``).
public enum LanguageTag {
    public static let example = "a language tag such as \"fr\" or \"pt-BR\""

    public static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.utf8.count), tag.utf8.count <= 35,
              first.utf8.allSatisfy(isLetter) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.utf8.count) && $0.utf8.allSatisfy { isLetter($0) || isDigit($0) } }
    }

    /// The tags to look for, most general first: `zh-Hans-CN` → `zh`, `zh-hans`, `zh-hans-cn` (lowercased).
    static func lookupChain(_ tag: String) -> [String] {
        let parts = tag.lowercased().split(separator: "-")
        return parts.indices.map { parts[...$0].joined(separator: "-") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
