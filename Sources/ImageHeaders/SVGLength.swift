/// SVG length and `viewBox` values, as used for the intrinsic size.
enum SVGLength {
    /// Pixels per unit; `em` and `ex` use the CSS default font (16 px).
    private static let units: [String: Double] = [
        "": 1, "px": 1, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "pt": 4.0 / 3.0, "pc": 16,
        "em": 16, "ex": 8,
    ]

    /// An absolute length in pixels; `nil` for percentages, unknown units,
    /// non-positive or unparsable values.
    static func pixels(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard let (value, rest) = number(prefixOf: Substring(trimmed)), value > 0,
              let factor = units[rest.lowercased()] else { return nil }
        return value * factor
    }

    /// The width and height of `viewBox="minX minY width height"` (spaces and/or commas).
    static func viewBoxSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { part -> Double? in
            guard let (value, rest) = number(prefixOf: part), rest.isEmpty else { return nil }
            return value
        }
        guard values.count == 4, values[2] > 0, values[3] > 0 else { return nil }
        return (values[2], values[3])
    }

    /// A leading decimal number (sign, digits, fraction, exponent) and what follows.
    private static func number(prefixOf text: Substring) -> (Double, String)? {
        var end = text.startIndex
        var sawDigit = false
        func advance(while predicate: (Character) -> Bool) {
            while end < text.endIndex, predicate(text[end]) { end = text.index(after: end) }
        }
        if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
        let digitsStart = end
        advance { $0.isASCII && $0.isNumber }
        sawDigit = end > digitsStart
        if end < text.endIndex, text[end] == "." {
            end = text.index(after: end)
            let fractionStart = end
            advance { $0.isASCII && $0.isNumber }
            sawDigit = sawDigit || end > fractionStart
        }
        guard sawDigit else { return nil }
        if end < text.endIndex, text[end] == "e" || text[end] == "E" {
            var exponentEnd = text.index(after: end)
            if exponentEnd < text.endIndex, text[exponentEnd] == "+" || text[exponentEnd] == "-" {
                exponentEnd = text.index(after: exponentEnd)
            }
            let exponentDigits = exponentEnd
            while exponentEnd < text.endIndex, text[exponentEnd].isASCII, text[exponentEnd].isNumber {
                exponentEnd = text.index(after: exponentEnd)
            }
            if exponentEnd > exponentDigits { end = exponentEnd }
        }
        guard let value = Double(text[text.startIndex..<end]), value.isFinite else { return nil }
        return (value, String(text[end...]))
    }
}

extension String {
    /// Without leading and trailing XML whitespace.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
