/// An attribute value as a theme template writes it: literal pieces with a
/// wildcard wherever a Mustache tag supplies data (`{{root}}viewer.js`).
///
/// Data is HTML-escaped, so it can fill a wildcard but never add an
/// attribute or close the element; the literal pieces pin everything else.
struct ValuePattern: Sendable, Equatable {
    /// Literal pieces, entity references resolved; wildcards lie between them.
    var pieces: [[UInt8]]

    /// A pattern with no wildcards.
    init(literal: [UInt8]) {
        pieces = [literal]
    }

    /// Splits template text at Mustache tags (`{{…}}`, `{{{…}}}`); nil if a
    /// tag is not closed on the way.
    init?(template bytes: ArraySlice<UInt8>) {
        var pieces: [[UInt8]] = []
        var current: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "{"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "{") {
                guard let end = TemplateScan.endOfMustacheTag(bytes, from: index) else { return nil }
                pieces.append(Entities.decode(current))
                current = []
                index = end
                continue
            }
            current.append(bytes[index])
            index += 1
        }
        pieces.append(Entities.decode(current))
        self.pieces = pieces
    }

    /// Glob match: the first piece is a prefix, the last a suffix, the others
    /// appear in order in between.
    func matches(_ value: [UInt8]) -> Bool {
        guard let first = pieces.first, let last = pieces.last else { return value.isEmpty }
        if pieces.count == 1 { return value == first }
        guard value.count >= first.count + last.count,
              value.starts(with: first), value.suffix(last.count).elementsEqual(last) else { return false }
        var cursor = first.count
        let limit = value.count - last.count
        for piece in pieces.dropFirst().dropLast() {
            guard let found = Self.find(piece, in: value, from: cursor, limit: limit) else { return false }
            cursor = found + piece.count
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, limit: Int) -> Int? {
        if needle.isEmpty { return start }
        var index = start
        while index + needle.count <= limit {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// The references a theme's attribute text may use, resolved as an XML
/// parser resolves them in the page.
enum Entities {
    static func decode(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        let table: [(String, String)] = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#39;", "'"),
        ]
        var text = String(decoding: bytes, as: UTF8.self)
        for (reference, character) in table where reference != "&amp;" {
            text = text.replacingAll(reference, with: character)
        }
        return Array(text.replacingAll("&amp;", with: "&").utf8)
    }
}

extension String {
    /// Plain substring replacement (the module does not import Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
