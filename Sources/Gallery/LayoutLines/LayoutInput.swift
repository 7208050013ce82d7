import Foundation
import Waterfall

/// Parses `cascade layout`'s standard input. Pure: bytes in, items out.
public enum LayoutInput {
    /// The largest image side accepted, px (PNG's limit).
    static let maximumSide = Int(Int32.max)

    /// One item per non-blank line: `WIDTHxHEIGHT` or a JSON object.
    public static func parse(_ data: Data) throws(LayoutInputError) -> [Item] {
        var items: [Item] = []
        var number = 0
        for rawLine in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard let text = String(bytes: rawLine, encoding: .utf8) else {
                throw LayoutInputError(line: number, reason: "not UTF-8 text")
            }
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            items.append(try item(line, number: number))
        }
        return items
    }

    static func item(_ line: String, number: Int) throws(LayoutInputError) -> Item {
        if line.hasPrefix("{") { return try jsonItem(line, number: number) }
        let parts = line.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = side(String(parts[0])), let height = side(String(parts[1])) else {
            throw LayoutInputError(line: number, reason: "expected WIDTHxHEIGHT (whole numbers from 1 to \(maximumSide)) or a JSON object, got '\(excerpt(line))'")
        }
        return Item(width: width, height: height)
    }

    static func jsonItem(_ line: String, number: Int) throws(LayoutInputError) -> Item {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw LayoutInputError(line: number, reason: "not a JSON object")
        }
        let keys = object["displayWidth"] != nil || object["displayHeight"] != nil
            ? ("displayWidth", "displayHeight") : ("width", "height")
        guard let width = wholeNumber(object[keys.0]), let height = wholeNumber(object[keys.1]),
              (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw LayoutInputError(line: number, reason: "needs \(keys.0) and \(keys.1) as whole numbers from 1 to \(maximumSide)")
        }
        var span = Span.columns(1)
        if let value = object["span"] {
            if let text = value as? String, text == "full" {
                span = .fullWidth
            } else if let n = wholeNumber(value), n >= 1 {
                span = .columns(min(n, ColumnCount.maximum))
            } else {
                throw LayoutInputError(line: number, reason: "span must be a whole number of columns (1 or more) or \"full\"")
            }
        }
        var extra = 0.0
        if let value = object["extraHeight"] {
            guard let number = value as? NSNumber, !isBoolean(number), number.doubleValue.isFinite,
                  (0...1_000_000).contains(number.doubleValue) else {
                throw LayoutInputError(line: number, reason: "extraHeight must be a length in px from 0 to 1000000")
            }
            extra = number.doubleValue
        }
        return Item(width: width, height: height, extraHeight: extra, span: span)
    }

    static func side(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), text.utf8.count <= 10,
              let value = Int(text), (1...maximumSide).contains(value) else { return nil }
        return value
    }

    /// A JSON number that is a whole number (not a boolean), else nil.
    static func wholeNumber(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) <= Double(maximumSide) else { return nil }
        return Int(double)
    }

    /// JSONSerialization gives `true`/`false` as NSNumbers of type `c` (char); numbers are never `c`.
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    static func excerpt(_ line: String) -> String {
        line.count > 40 ? String(line.prefix(40)) + "…" : line
    }
}
