/// Turns an Exif string field into text that is safe to keep and log.
enum ExifText {
    /// Decodes `bytes` up to the first NUL as UTF-8 (invalid sequences become
    /// U+FFFD), then cleans the text as ``clean(text:)`` does.
    static func clean(_ bytes: [UInt8]) -> String? {
        clean(bytes[...])
    }

    /// ``clean(_:)`` of a view of the bytes (indices need not start at 0).
    static func clean(_ bytes: ArraySlice<UInt8>) -> String? {
        var end = bytes.firstIndex(of: 0) ?? bytes.endIndex
        var start = bytes.startIndex
        while start < end, bytes[start] == 0x20 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        guard start < end else { return nil }
        let content = bytes[start..<end]
        // Plain printable ASCII, the usual case, needs no further work.
        if content.count <= ImageMetadata.maxStringLength, content.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            return String(decoding: content, as: UTF8.self)
        }
        return clean(text: String(decoding: content, as: UTF8.self))
    }

    /// Decodes Windows `XP*` tags: UTF-16LE up to the first NUL code unit (an
    /// odd last byte is dropped, unpaired surrogates become U+FFFD), cleaned.
    static func cleanUTF16LE(_ bytes: [UInt8]) -> String? {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let unit = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return clean(text: String(decoding: units, as: UTF16.self))
    }

    /// Makes metadata text single-line and safe: CR, LF, CRLF and tab become
    /// one space each (a caption's line break separates words, so deleting it
    /// would glue them), other controls and the bidi overrides are removed,
    /// spaces at either end are trimmed and the length is capped at
    /// ``ImageMetadata/maxStringLength``; `nil` when nothing is left.
    static func clean(text: String) -> String? {
        var scalars: [Unicode.Scalar] = []
        var afterCR = false
        for scalar in text.unicodeScalars {
            let wasCR = afterCR
            afterCR = scalar == "\r"
            if scalar == "\r" || scalar == "\t" || (scalar == "\n" && !wasCR) {
                scalars.append(" ")
            } else if isUnwanted(scalar) {
                continue
            } else {
                scalars.append(scalar)
            }
            if scalars.count >= ImageMetadata.maxStringLength { break }
        }
        // Removing controls can bare more spaces at either end.
        let first = scalars.firstIndex { $0 != " " } ?? scalars.count
        let last = scalars.lastIndex { $0 != " " } ?? -1
        guard first <= last else { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }

    /// C0/C1 controls and the bidi embedding/override/isolate controls that
    /// can disguise text (line and paragraph separators too: fields are single-line).
    private static func isUnwanted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
