/// JSON text Cascade writes by hand, so key order and spacing are fixed and
/// output is byte-identical from run to run.
enum JSONText {
    /// A JSON string literal (RFC 8259): `"`, `\` and control characters
    /// escaped, and U+2028/U+2029 too, so the text is also a valid
    /// JavaScript string.
    static func quoted(_ text: String) -> String {
        // Most text needs no escape: copied whole rather than scalar by scalar.
        if !text.utf8.contains(where: needsEscapeCheck) { return "\"" + text + "\"" }
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

    /// ``quoted(_:)`` of the UTF-8 text `bytes`, appended to `output`: for
    /// lines written as bytes (a scan of 100,000 files makes no strings).
    static func appendQuoted(_ bytes: some Collection<UInt8>, to output: inout [UInt8]) {
        output.append(0x22)
        if !bytes.contains(where: needsEscapeCheck) {
            output.append(contentsOf: bytes)
        } else {
            output.append(contentsOf: quoted(String(decoding: bytes, as: UTF8.self)).utf8.dropFirst())
            output.removeLast()
        }
        output.append(0x22)
    }

    /// Whether a UTF-8 byte may start something ``quoted(_:)`` escapes: `"`,
    /// `\`, a control, or 0xE2, the lead byte of U+2028 and U+2029 (then
    /// the slow path decides).
    private static func needsEscapeCheck(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2
    }

    /// Upper-case hex digits, zero-padded to `width`.
    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
