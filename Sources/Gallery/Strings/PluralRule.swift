/// How a language picks the form of a word after a count: CLDR's plural
/// categories for whole numbers, in a few families that cover the shipped
/// languages and the common others.
///
/// A strings file names its family (`"pluralRule": "zero-one-million"`);
/// the rule is code, the words are the theme's. Counts in Cascade are
/// never fractional, so only CLDR's integer conditions (`v = 0`) matter.
public enum PluralRule: String, Sendable, CaseIterable {
    /// No plural forms (Chinese, Japanese, Korean, …): always `other`.
    case none
    /// `one` for 1, else `other` (English, German, Dutch, Swedish, …).
    case one
    /// `one` for 1, `many` for a non-zero multiple of a million, else
    /// `other` (Spanish, Italian, Catalan: "1 millón de fotos").
    case oneMillion = "one-million"
    /// `one` for 0 and 1, `many` for a non-zero multiple of a million, else
    /// `other` (French, Portuguese: "0 photo", "1 000 000 de photos").
    case zeroOneMillion = "zero-one-million"
    /// Russian, Ukrainian: `one` (21), `few` (22–24), `many` (25, 11–14).
    case eastSlavic = "east-slavic"
    /// Polish: `one` only for 1, `few` (22–24), `many` (the rest).
    case polish

    /// The category of `count` (negative counts are taken as their magnitude).
    func category(of count: Int) -> PluralCategory {
        let n = count.magnitude
        let isMillions = n != 0 && n % 1_000_000 == 0
        let tens = n % 10, hundreds = n % 100
        let isFew = (2...4).contains(tens) && !(12...14).contains(hundreds)
        switch self {
        case .none: return .other
        case .one: return n == 1 ? .one : .other
        case .oneMillion: return n == 1 ? .one : isMillions ? .many : .other
        case .zeroOneMillion: return n <= 1 ? .one : isMillions ? .many : .other
        case .eastSlavic: return tens == 1 && hundreds != 11 ? .one : isFew ? .few : .many
        case .polish: return n == 1 ? .one : isFew ? .few : .many
        }
    }
}

/// CLDR's plural categories; a strings file gives a text for some of them
/// and always for `other`, which stands in for any it leaves out.
public enum PluralCategory: String, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
