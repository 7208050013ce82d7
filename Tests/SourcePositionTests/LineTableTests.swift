import SourcePosition
import Testing

// Swift Testing has a `SourceLocation` too; this file means the one it tests.
typealias SourceLocation = SourcePosition.SourceLocation

/// A text, a byte offset in it, and the location each line-break rule gives.
struct LocationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var offset: Int
    var lineFeed: SourceLocation
    var xml: SourceLocation
    var testDescription: String { name }

    init(_ name: String, _ text: String, at offset: Int, _ line: Int, _ column: Int, xml: (Int, Int)? = nil) {
        self.name = name
        self.text = text
        self.offset = offset
        lineFeed = SourceLocation(line: line, column: column)
        self.xml = xml.map { SourceLocation(line: $0.0, column: $0.1) } ?? lineFeed
    }
}

let locationCases: [LocationCase] = [
    LocationCase("empty text", "", at: 0, 1, 1),
    LocationCase("empty text, past the end", "", at: 5, 1, 1),
    LocationCase("empty text, negative offset", "", at: -3, 1, 1),
    LocationCase("no newline, first byte", "abc", at: 0, 1, 1),
    LocationCase("no newline, last byte", "abc", at: 2, 1, 3),
    LocationCase("no newline, just past the end", "abc", at: 3, 1, 4),
    LocationCase("no newline, far past the end", "abc", at: 99, 1, 4),
    LocationCase("the LF itself", "ab\ncd", at: 2, 1, 3),
    LocationCase("after LF", "ab\ncd", at: 3, 2, 1),
    LocationCase("trailing LF, past the end", "ab\n", at: 3, 2, 1),
    LocationCase("far past a trailing LF", "ab\n", at: 40, 2, 1),
    LocationCase("empty lines", "\n\n\nx", at: 3, 4, 1),
    LocationCase("CRLF: the CR", "a\r\nb", at: 1, 1, 2),
    LocationCase("CRLF: the LF", "a\r\nb", at: 2, 1, 3),
    LocationCase("CRLF: after it", "a\r\nb", at: 3, 2, 1),
    LocationCase("CRLF twice", "a\r\n\r\n  b", at: 7, 3, 3),
    LocationCase("lone CR is text to Mustache, a break to XML", "a\rb", at: 2, 1, 3, xml: (2, 1)),
    LocationCase("lone CRs", "\r\r\rx", at: 3, 1, 4, xml: (4, 1)),
    LocationCase("LF CR", "a\n\rb", at: 3, 2, 2, xml: (3, 1)),
    LocationCase("CR at the very end", "a\r", at: 2, 1, 3, xml: (2, 1)),
    LocationCase("two-byte é counts two columns", "é{{", at: 2, 1, 3),
    LocationCase("CJK, second line", "日本\n語 {{", at: 11, 2, 5),
    LocationCase("emoji is four bytes", "🌅x", at: 4, 1, 5),
    LocationCase("NFD e + U+0301", "e\u{301}!", at: 3, 1, 4),
    LocationCase("byte order mark", "\u{FEFF}<", at: 3, 1, 4),
]

@Suite("LineTable")
struct LineTableTests {
    @Test("Byte offset to line and UTF-8 column", arguments: locationCases)
    func location(_ test: LocationCase) {
        #expect(LineTable(test.text).location(ofByte: test.offset) == test.lineFeed)
        #expect(LineTable(test.text, breaks: .xml).location(ofByte: test.offset) == test.xml)
        #expect(LineTable(Array(test.text.utf8), breaks: .xml).location(ofByte: test.offset) == test.xml)
    }

    static let texts = ["", "a", "\n", "abc", "ab\ncd\n", "a\r\nb\r\n", "\r\r\n\n\r", "日本\n語 {{{x}}", "🌅\r\n\u{FEFF}é\n\n"]

    @Test("Every offset survives the round trip, under both rules",
          arguments: texts, [LineBreaks.lineFeed, .xml])
    func offsetRoundTrip(_ text: String, _ breaks: LineBreaks) {
        let table = LineTable(text, breaks: breaks)
        for offset in 0...text.utf8.count {
            #expect(table.byteOffset(of: table.location(ofByte: offset)) == offset, "offset \(offset)")
        }
    }

    @Test("Every location inside the text survives the round trip, others are nil",
          arguments: texts, [LineBreaks.lineFeed, .xml])
    func locationRoundTrip(_ text: String, _ breaks: LineBreaks) {
        let table = LineTable(text, breaks: breaks)
        let valid = Set((0...text.utf8.count).map { table.location(ofByte: $0) })
        #expect(valid.count == text.utf8.count + 1)
        for line in 0...(table.lineCount + 1) {
            for column in -1...(text.utf8.count + 2) {
                let location = SourceLocation(line: line, column: column)
                let offset = table.byteOffset(of: location)
                if valid.contains(location) {
                    #expect(offset.map(table.location(ofByte:)) == location)
                } else {
                    #expect(offset == nil, "\(location)")
                }
            }
        }
    }

    /// The inverse, spelled out; `nil` where the text has no such place.
    @Test("Location to byte offset", arguments: [
        ("", SourceLocation(line: 1, column: 1), 0),
        ("", SourceLocation(line: 1, column: 2), nil),
        ("", SourceLocation(line: 2, column: 1), nil),
        ("abc", SourceLocation(line: 1, column: 4), 3),
        ("abc", SourceLocation(line: 1, column: 5), nil),
        ("ab\ncd", SourceLocation(line: 1, column: 3), 2),
        ("ab\ncd", SourceLocation(line: 1, column: 4), nil),
        ("ab\ncd", SourceLocation(line: 2, column: 2), 4),
        ("a\r\nb", SourceLocation(line: 2, column: 1), 3),
        ("日本\n語", SourceLocation(line: 2, column: 4), 10),
        ("x", SourceLocation(line: 0, column: 1), nil),
        ("x", SourceLocation(line: 1, column: 0), nil),
        ("x", SourceLocation(line: -1, column: -1), nil),
        ("x", SourceLocation(line: 1, column: .max), nil),
        ("x", SourceLocation(line: .max, column: 1), nil),
    ] as [(String, SourceLocation, Int?)])
    func byteOffset(_ text: String, _ location: SourceLocation, _ expected: Int?) {
        #expect(LineTable(text).byteOffset(of: location) == expected)
    }

    @Test("Line count: an empty or LF-ended text has an empty last line", arguments: [
        ("", 1, 1), ("a", 1, 1), ("a\n", 2, 2), ("a\r\nb", 2, 2), ("a\rb", 1, 2), ("\r\n\r\n", 3, 3), ("\n\r", 2, 3),
    ])
    func lineCount(_ text: String, _ lineFeed: Int, _ xml: Int) {
        #expect(LineTable(text).lineCount == lineFeed)
        #expect(LineTable(text, breaks: .xml).lineCount == xml)
        #expect(LineTable(text).byteCount == text.utf8.count)
    }
}

@Suite("SourceLocation")
struct SourceLocationTests {
    @Test("Orders by line, then column", arguments: [
        (SourceLocation(line: 1, column: 9), SourceLocation(line: 2, column: 1)),
        (SourceLocation(line: 3, column: 2), SourceLocation(line: 3, column: 10)),
    ])
    func ordering(_ earlier: SourceLocation, _ later: SourceLocation) {
        #expect(earlier < later)
        #expect(!(later < earlier))
    }

    @Test("Reads line:column")
    func description() {
        #expect(SourceLocation(line: 12, column: 7).description == "12:7")
    }
}
