/// A dotted name such as `album.cover.src`, or `.` (the implicit iterator).
struct Name: Sendable, Hashable {
    /// The dot-separated parts; empty for `.`.
    let parts: [String]

    /// `.`: the top of the context stack.
    static let implicit = Name(parts: [])

    private init(parts: [String]) {
        self.parts = parts
    }

    /// Parses a tag's trimmed content; `nil` if it is not a valid name.
    init?(_ text: String) {
        if text == "." {
            parts = []
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        self.parts = parts
    }

    /// The name as written in a tag: `a.b`, or `.` for the implicit iterator.
    var text: String { parts.isEmpty ? "." : parts.joined(separator: ".") }
}
