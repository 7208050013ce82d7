@testable import Gallery
import Testing

/// The byte form `scan --json` writes lines with, and the string form's fast
/// path, against a plain scalar-by-scalar escape written here.
struct JSONTextTests {
    static func reference(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    @Test(arguments: ["", "IMG_0001.jpg", "photos/2024 — summer/a.jpg", "say \"cheese\"", "back\\slash",
                      "tab\there", "line\u{2028}separator", "para\u{2029}", "bell\u{07}", "del\u{7F}",
                      "café/溪流.jpg", "€ and – and …", "\u{E2}"])
    func bothFormsEscapeAsJSONMust(text: String) {
        #expect(JSONText.quoted(text) == Self.reference(text))
        var bytes: [UInt8] = [0x78]
        JSONText.appendQuoted(Array(text.utf8), to: &bytes)
        #expect(bytes == [0x78] + Array(Self.reference(text).utf8))
    }
}
