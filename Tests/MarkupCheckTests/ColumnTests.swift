import Testing
import MarkupCheck

/// Columns are 1-based UTF-8 byte columns, whatever libxml2 counts.
@Suite("Positions")
struct ColumnTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        var line: Int
        var column: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // <p> (3) + 日本語 (9 bytes) + space → & at byte 14, `;` at 19, reported at 20
        // (libxml2 itself says column 14: it counts characters).
        Case(name: "CJK before a bad entity", body: "<p>日本語 &nbsp;</p>", line: 5, column: 20),
        // 🌅 is 4 bytes: <p>🌅</p> is 11 bytes, so <blink> starts at byte 12.
        Case(name: "emoji before an unknown element", body: "<p>🌅</p><blink>x</blink>", line: 5, column: 12),
        // é (2 bytes) ×3: `<` at byte 11, reported just after it.
        Case(name: "accents before <", body: "<p>ééé < 2</p>", line: 5, column: 12),
        // NFD é = e + U+0301 (2 bytes): `<p>Fête</p>` is 13 bytes.
        Case(name: "NFD before an unknown element", body: "<p>Fe\u{301}te</p><blink/>", line: 5, column: 14),
        Case(name: "second line of the body", body: "<p>ü</p>\n<p>ü</p><blink/>", line: 6, column: 10),
    ]

    @Test("UTF-8 content before an issue counts in bytes", arguments: cases)
    func utf8Column(_ testCase: Case) throws {
        let issue = try #require(PageCheck.check(TestPages.page(body: testCase.body)).first)
        #expect(issue.line == testCase.line)
        #expect(issue.column == testCase.column)
    }

    @Test("CRLF and lone CR end lines like LF")
    func lineEndings() {
        let crlf = "<!DOCTYPE html>\r\n<html>\r\n<body>\r\n  <blink /></body></html>"
        #expect(PageCheck.check(crlf) == [MarkupIssue(line: 4, column: 3, kind: .unknownElement("blink"))])
        let cr = "<!DOCTYPE html>\r<html>\r<body>\r\r<blink /></body></html>"
        #expect(PageCheck.check(cr) == [MarkupIssue(line: 5, column: 1, kind: .unknownElement("blink"))])
    }

    @Test("A byte-order mark counts as three bytes of line 1")
    func byteOrderMark() {
        let page = "\u{FEFF}<!DOCTYPE html><html><body><blink /></body></html>"
        #expect(PageCheck.check(page) == [MarkupIssue(line: 1, column: 31, kind: .unknownElement("blink"))])
    }

    @Test("An encoding declaration is ignored: the page is UTF-8")
    func encodingDeclaration() {
        let page = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<!DOCTYPE html><html><body><p>é</p><blink /></body></html>"
        #expect(PageCheck.check(page) == [MarkupIssue(line: 2, column: 37, kind: .unknownElement("blink"))])
    }

    /// Well past libxml2's input window (it discards consumed input as it
    /// goes), positions must still be exact.
    @Test("Positions stay exact at the end of a large page")
    func largePage() throws {
        let gallery = TestPages.gallery(tiles: 1_000)
        let marker = "<blink />"
        let page = gallery.replacingFirst("</body>", with: "Zürich \(marker)\n</body>")
        let issues = PageCheck.check(page)
        let expected = Self.position(of: marker, in: page)
        #expect(issues == [MarkupIssue(line: expected.line, column: expected.column, kind: .unknownElement("blink"))])

        let broken = gallery.replacingFirst("</body>", with: "Zürich &nbsp;\n</body>")
        let end = Self.position(of: "&nbsp;", in: broken)
        let first = try #require(PageCheck.check(broken).first)
        #expect(first == MarkupIssue(line: end.line, column: end.column + 6, kind: .notWellFormed("Entity 'nbsp' not defined")))
    }

    /// 1-based line and UTF-8 byte column of the first `needle`, counted independently.
    static func position(of needle: String, in text: String) -> (line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let target = Array(needle.utf8)
        var line = 1
        var lineStart = 0
        for index in 0..<bytes.count {
            if bytes[index] == target[0], bytes[index...].starts(with: target) {
                return (line, index - lineStart + 1)
            }
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
        }
        return (0, 0)
    }
}

extension String {
    /// `self` with the first `target` replaced (Foundation-free).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8)
        let needle = Array(target.utf8)
        guard needle.count <= bytes.count else { return self }
        for index in 0...(bytes.count - needle.count) where bytes[index...].starts(with: needle) {
            return String(decoding: bytes[..<index] + Array(replacement.utf8) + bytes[(index + needle.count)...], as: UTF8.self)
        }
        return self
    }
}
