import Foundation
import SourcePosition

/// The text of a JSON settings file (`album.json`, `cascade.json`), parsed
/// by Foundation and able to say where a key is written, so every problem
/// is reported at its line and column.
struct JSONSource {
    let bytes: [UInt8]

    /// Where the parser stopped, and why.
    struct SyntaxError: Error {
        var detail: String
        var location: SourceLocation?
    }

    /// The parsed top level.
    func parse() throws(SyntaxError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "is not valid JSON"
            let (detail, offset) = JSONParserMessage.split(reason, byteCount: bytes.count)
            throw SyntaxError(detail: detail, location: offset.map { LineTable(bytes).location(ofByte: $0) })
        }
    }

    /// The line and column of the key at `keys` (from the top level down), when the text has it.
    func location(of keys: [String]) -> SourceLocation? {
        JSONKeyLocator.offset(of: keys, in: bytes).map { LineTable(bytes).location(ofByte: $0) }
    }
}

/// A value `JSONSerialization` handed over, read strictly: a boolean is only
/// `true`/`false` (JSON booleans arrive as NSNumber of type "c"; 0 and 1 are
/// numbers), a whole number has no fraction, a path is a non-empty string.
struct JSONValue {
    let value: Any
    init(_ value: Any) { self.value = value }

    var bool: Bool? {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else { return nil }
        return number.boolValue
    }
    var number: Double? { bool == nil ? (value as? NSNumber)?.doubleValue : nil }
    func integer(in range: ClosedRange<Int>) -> Int? {
        guard let number, number.rounded() == number, number >= Double(range.lowerBound),
              number <= Double(range.upperBound) else { return nil }
        return Int(number)
    }
    var path: String? {
        guard let text = value as? String, !text.trimmingCharacters(in: .whitespaces).isEmpty,
              !text.contains("\u{0}") else { return nil }
        return text
    }
}
