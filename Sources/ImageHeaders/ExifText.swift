/// Turns an Exif string field into text that is safe to keep and log.
enum ExifText {
    /// Decodes `bytes` up to the first NUL as UTF-8 (invalid sequences become
    /// U+FFFD), removes control and bidirectional-override characters, trims
    /// spaces and caps the length; `nil` when nothing is left.
    static func clean(_ bytes: [UInt8]) -> String? {
        var end = bytes.firstIndex(of: 0) ?? bytes.count
        var start = 0
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard start < end else { return nil }
        let content = bytes[start..<end]
        // Plain printable ASCII, the usual case, needs no further work.
        if content.count <= ImageMetadata.maxStringLength, content.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return String(decoding: content, as: UTF8.self)
        }
        var scalars: [Unicode.Scalar] = []
        for scalar in String(decoding: content, as: UTF8.self).unicodeScalars where !isUnwanted(scalar) {
            scalars.append(scalar)
            if scalars.count >= ImageMetadata.maxStringLength { break }
        }
        // Removing controls can bare more spaces at either end.
        let first = scalars.firstIndex { $0 != " " } ?? scalars.count
        let last = scalars.lastIndex { $0 != " " } ?? -1
        guard first <= last else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[first...last])
        return String(text)
    }

    /// C0/C1 controls (tabs and newlines too: fields are single-line) and the
    /// bidi embedding/override/isolate controls that can disguise text.
    private static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
