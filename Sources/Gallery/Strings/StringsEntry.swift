/// One value of a theme's strings file.
public enum StringsEntry: Sendable, Equatable {
    /// A label or a pattern with `{placeholders}`: `"Previous"`, `"{n} of {total}"`.
    case text(String)
    /// A count's forms by plural category: `{"one": "{count} photo", "other": "{count} photos"}`.
    case plural([PluralCategory: String])
    /// An ordered list: the twelve month names.
    case list([String])
    /// A small whole number (`groupMinimumDigits`).
    case number(Int)

    /// What a strings file must hold for this kind of value, for error messages.
    var kindName: String {
        switch self {
        case .text: "a string"
        case .plural: "an object of plural forms with \"other\""
        case .list: "a list of strings"
        case .number: "a whole number"
        }
    }

    /// Whether `other` is the same kind of value (so it may stand in for this one).
    func isSameKind(as other: StringsEntry) -> Bool {
        switch (self, other) {
        case (.text, .text), (.plural, .plural), (.list, .list), (.number, .number): true
        default: false
        }
    }
}
