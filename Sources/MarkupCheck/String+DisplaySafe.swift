extension String {
    /// The string with control and format characters (newlines, U+202E, …)
    /// written as `\u{…}` and cut at 120 characters, so page content quoted
    /// in an issue cannot garble a terminal or a log line.
    var displaySafe: String {
        var result = ""
        var count = 0
        for scalar in unicodeScalars {
            if count == 120 {
                result += "…"
                break
            }
            count += 1
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
