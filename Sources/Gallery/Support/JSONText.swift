/// JSON text Cascade writes by hand, so key order and spacing are fixed and
/// output is byte-identical from run to run.
enum JSONText {
    /// A JSON string literal (RFC 8259): `"`, `\` and control characters
    /// escaped, and U+2028/U+2029 too, so the text is also a valid
    /// JavaScript string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029: result += "\\u" + hex(scalar.value, width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// ``quoted(_:)`` that may also stand inside an HTML `<script>`
    /// element: `<`, `>` and `&` written as `\u003c`, `\u003e`, `\u0026`
    /// (the same string to a JSON parser), so data can never close the
    /// element, open a comment or hold an entity.
    static func scriptSafe(_ text: String) -> String {
        var result = ""
        for scalar in quoted(text).unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Upper-case hex digits, zero-padded to `width`.
    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
