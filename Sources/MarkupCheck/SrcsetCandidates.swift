/// The URLs of a `srcset` value, as HTML's image candidate parsing finds
/// them: separated by ASCII whitespace and commas, a URL's trailing commas
/// dropped, descriptors (with their parentheses) skipped.
enum SrcsetCandidates {
    /// Calls `body` with the byte range of each candidate's URL, in order.
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
            guard index < bytes.count else { break }
            let start = index
            while index < bytes.count, !isSpace(bytes[index]) { index += 1 }
            var end = index
            var endsCandidate = false
            while end > start, bytes[end - 1] == UInt8(ascii: ",") {
                end -= 1
                endsCandidate = true
            }
            body(start..<end)
            if endsCandidate { continue }
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "(") { depth += 1 }
                if byte == UInt8(ascii: ")"), depth > 0 { depth -= 1 }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                index += 1
            }
        }
    }

    /// The URLs of `value`, as strings.
    static func urls(_ value: String) -> [String] {
        var value = value
        return value.withUTF8 { bytes in
            var urls: [String] = []
            forEach(in: bytes) { urls.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)) }
            return urls
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
