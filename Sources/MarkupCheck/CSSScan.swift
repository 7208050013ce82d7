/// Finds what in CSS text loads something: `@import` and `url(…)` (or a
/// URL string, as `image-set("…")` takes) that is not relative.
///
/// Works on the text as a browser tokenizes it: comments removed and CSS
/// escapes decoded first, so `@\69mport` and `u\72l(` are found, and names
/// compared without regard to ASCII case. Each finding carries the byte
/// offset, in the input, where its token starts.
enum CSSScan {
    enum Finding: Equatable {
        case importRule(offset: Int)
        case externalURL(offset: Int, url: String)
    }

    /// A decoded character and the input offset it came from.
    private struct Character {
        var value: UInt32
        var offset: Int
    }

    static func findings(_ bytes: ArraySlice<UInt8>) -> [Finding] {
        let text = decoded(bytes)
        var findings: [Finding] = []
        var index = 0
        while index < text.count {
            let character = text[index]
            if character.value == 0x40, matches(text, at: index + 1, "import") {
                findings.append(.importRule(offset: character.offset))
                index += 7
            } else if matches(text, at: index, "url("), !isNameCharacter(index > 0 ? text[index - 1].value : 0x20) {
                var end = index + 4
                let url = urlArgument(text, from: &end)
                if isExternal(url) { findings.append(.externalURL(offset: character.offset, url: url)) }
                index = max(end, index + 4)
            } else if character.value == 0x22 || character.value == 0x27 {
                var end = index + 1
                let string = stringBody(text, quote: character.value, from: &end)
                if isExternal(string, schemes: fetchedSchemes) { findings.append(.externalURL(offset: character.offset, url: string)) }
                index = end
            } else {
                index += 1
            }
        }
        return findings
    }

    /// A non-relative URL: a scheme (`http:`, `data:`, …) or a host (`//`,
    /// or `/\`, which browsers read as `//`). A quoted string only counts
    /// when it has a scheme a browser fetches, so `content: "a: b"` passes.
    private static func isExternal(_ url: String, schemes: Set<String>? = nil) -> Bool {
        let bytes = Array(url.utf8)
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "/") || bytes[0] == UInt8(ascii: "\\"),
           bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") {
            return true
        }
        guard let scheme = LinkCheck.scheme(bytes[...]) else { return false }
        return schemes?.contains(scheme) ?? true
    }

    /// The schemes a quoted string must have to count as a URL.
    private static let fetchedSchemes: Set<String> = ["http", "https", "ftp", "ws", "wss", "data", "blob", "file"]

    /// Comments dropped, escapes decoded (CSS Syntax §4.3.7), input offsets kept.
    private static func decoded(_ bytes: ArraySlice<UInt8>) -> [Character] {
        var result: [Character] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.endIndex, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                index = min(end + 2, bytes.endIndex)
                continue
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex {
                let start = index
                index += 1
                if bytes[index] == 0x0A || bytes[index] == 0x0C || bytes[index] == 0x0D {
                    // An escaped newline is a line continuation in strings and invalid elsewhere.
                    result.append(Character(value: UInt32(byte), offset: start))
                    continue
                }
                var value: UInt32 = 0
                var digits = 0
                while digits < 6, index < bytes.endIndex, let digit = HexDigit.value(bytes[index]) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                    index += 1
                }
                if digits > 0 {
                    if index < bytes.endIndex, TemplateScan.isSpace(bytes[index]) { index += 1 }
                    result.append(Character(value: value, offset: start))
                } else {
                    result.append(Character(value: UInt32(bytes[index]), offset: start))
                    index += 1
                }
                continue
            }
            result.append(Character(value: UInt32(byte), offset: index))
            index += 1
        }
        return result
    }

    /// Whether `word` (lowercase ASCII) is at `index`, in any ASCII case.
    private static func matches(_ text: [Character], at index: Int, _ word: String) -> Bool {
        var position = index
        for expected in word.utf8 {
            guard position < text.count else { return false }
            var value = text[position].value
            if (0x41...0x5A).contains(value) { value |= 0x20 }
            guard value == UInt32(expected) else { return false }
            position += 1
        }
        return true
    }

    /// The URL of `url(…)` from just after the `(`; `end` moves past it.
    private static func urlArgument(_ text: [Character], from end: inout Int) -> String {
        while end < text.count, isSpace(text[end].value) { end += 1 }
        if end < text.count, text[end].value == 0x22 || text[end].value == 0x27 {
            let quote = text[end].value
            end += 1
            return stringBody(text, quote: quote, from: &end)
        }
        var scalars: [UInt32] = []
        while end < text.count, text[end].value != 0x29 {
            scalars.append(text[end].value)
            end += 1
        }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return string(scalars)
    }

    /// A string's text from just after its opening quote; `end` moves past the closing one.
    private static func stringBody(_ text: [Character], quote: UInt32, from end: inout Int) -> String {
        var scalars: [UInt32] = []
        while end < text.count, text[end].value != quote, text[end].value != 0x0A {
            scalars.append(text[end].value)
            end += 1
        }
        end += 1
        let trimmed = scalars.drop(while: isSpace)
        return string(Array(trimmed))
    }

    private static func string(_ scalars: [UInt32]) -> String {
        var result = ""
        for value in scalars {
            result.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return result
    }

    private static func isSpace(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0C || value == 0x0D
    }

    private static func isNameCharacter(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
            || value == 0x2D || value == 0x5F || value >= 0x80
    }
}
