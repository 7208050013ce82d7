import Mustache

/// What wrote the position of a failing markup check: a variable and its
/// data, or a template's own text. Found by rendering the page again with
/// origins traced.
public enum MarkupOrigin: Sendable, Equatable, CustomStringConvertible {
    case variable(name: String, template: String, location: SourceLocation, value: String?)
    case templateText(template: String, location: SourceLocation)

    public var description: String {
        switch self {
        case .variable(let name, let template, let location, let value):
            "{{\(name)}} at \(template):\(location)" + (value.map { " = \"\(Self.short($0))\"" } ?? "")
        case .templateText(let template, let location):
            "template text at \(template):\(location)"
        }
    }

    /// Data quoted in a message: one line, at most 60 characters.
    static func short(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(60) {
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > 60 ? result + "…" : result
    }
}
