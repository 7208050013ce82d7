import Foundation
import ImageHeaders

/// The two output forms of one file's result.
enum ScanLine {
    static func success(path: String, header: ImageHeader, format: HeaderScan.Format) -> (text: String, failed: Bool) {
        (format == .json ? json(path: path, header: header) : plain(path: path, header: header), false)
    }

    static func failure(path: String, reason: String, format: HeaderScan.Format) -> (text: String, failed: Bool) {
        (format == .json ? json(path: path, error: reason) : plain(path: path, error: reason), true)
    }

    /// `path<TAB>format<TAB>WxH<TAB>orientation<TAB>DWxDH`; orientation `-` when the file has none.
    static func plain(path: String, header: ImageHeader) -> String {
        let orientation = header.orientationSource == .none ? "-" : header.orientation.description
        return "\(plainField(path))\t\(header.format.rawValue)\t\(header.storedSize)\t\(orientation)\t\(header.displaySize)"
    }

    static func plain(path: String, error: String) -> String {
        "\(plainField(path))\terror\t\(plainField(error))"
    }

    /// The plain line of a file whose name needs no escaping, written straight
    /// into `text` (the hot path of large scans: no intermediate strings).
    static func appendPlain(prefix: [UInt8], name: String, header: ImageHeader, to text: inout [UInt8]) {
        text.append(contentsOf: prefix)
        appendUTF8(name, to: &text)
        text.append(0x09)
        appendUTF8(header.format.rawValue, to: &text)
        text.append(0x09)
        appendSize(header.storedSize, to: &text)
        text.append(0x09)
        if header.orientationSource == .none {
            text.append(0x2D)
        } else {
            text.append(0x30 + header.orientation.rawValue)
        }
        text.append(0x09)
        appendSize(header.displaySize, to: &text)
    }

    /// ``json(path:header:)`` of the file `name` in the folder `prefix`
    /// (its path with the trailing `/`), written straight into `text`: the
    /// hot path of `scan --json`, which makes no string per file.
    static func appendJSON(prefix: [UInt8], name: String, header: ImageHeader, to text: inout [UInt8]) {
        appendLiteral(#"{"path":"#, to: &text)
        JSONText.appendQuoted(prefix + Array(name.utf8), to: &text)
        appendJSONFields(header, to: &text)
    }

    /// ``appendJSON(prefix:name:header:to:)`` of a file of the batch `line`
    /// opens: a name that needs no escape follows the folder's escaped path.
    static func appendJSON(_ line: LineStart, name: String, header: ImageHeader, to text: inout [UInt8]) {
        guard LineStart.isPlainJSON(name) else {
            return appendJSON(prefix: line.prefix, name: name, header: header, to: &text)
        }
        text.append(contentsOf: line.jsonOpening)
        appendUTF8(name, to: &text)
        text.append(0x22)
        appendJSONFields(header, to: &text)
    }

    /// Everything after the path: `,"format":…` to the closing brace.
    private static func appendJSONFields(_ header: ImageHeader, to text: inout [UInt8]) {
        let format = header.format.rawValue
        if format.utf8.count <= FieldWriter.longestName {
            // The fixed fields are put together on the stack and appended in one copy.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FieldWriter.capacity) { buffer in
                var fields = FieldWriter(buffer: buffer)
                fields.write(#","format":""#)
                fields.write(utf8: format)
                fields.write(#"","width":"#)
                fields.write(decimal: header.storedSize.width)
                fields.write(#","height":"#)
                fields.write(decimal: header.storedSize.height)
                fields.write(#","orientation":"#)
                if header.orientationSource == .none {
                    fields.write("null")
                } else {
                    fields.write(byte: 0x30 + header.orientation.rawValue)
                }
                fields.write(#","displayWidth":"#)
                fields.write(decimal: header.displaySize.width)
                fields.write(#","displayHeight":"#)
                fields.write(decimal: header.displaySize.height)
                text.append(contentsOf: fields.written)
            }
        } else {
            appendLiteral(#","format":""#, to: &text)
            appendUTF8(format, to: &text)
            appendLiteral(#"","width":"#, to: &text)
            appendDecimal(header.storedSize.width, to: &text)
            appendLiteral(#","height":"#, to: &text)
            appendDecimal(header.storedSize.height, to: &text)
            appendLiteral(#","orientation":"#, to: &text)
            if header.orientationSource == .none {
                appendLiteral("null", to: &text)
            } else {
                text.append(0x30 + header.orientation.rawValue)
            }
            appendLiteral(#","displayWidth":"#, to: &text)
            appendDecimal(header.displaySize.width, to: &text)
            appendLiteral(#","displayHeight":"#, to: &text)
            appendDecimal(header.displaySize.height, to: &text)
        }
        if let info = header.video {
            text.append(contentsOf: #","duration":"#.utf8)
            text.append(contentsOf: (info.durationSeconds.map { String(format: "%.3f", $0) } ?? "null").utf8)
            text.append(contentsOf: #","videoCodec":"#.utf8)
            if let codec = info.videoCodec { JSONText.appendQuoted(Array(codec.utf8), to: &text) } else { text.append(contentsOf: "null".utf8) }
        }
        text.append(0x7D)
    }

    /// A literal's bytes, copied at once (the generic append of a `String`
    /// view showed in profiles of large scans).
    @inline(__always)
    private static func appendLiteral(_ literal: StaticString, to text: inout [UInt8]) {
        text.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// `string`'s UTF-8 bytes, copied at once.
    @inline(__always)
    private static func appendUTF8(_ string: String, to text: inout [UInt8]) {
        var string = string
        string.withUTF8 { text.append(contentsOf: $0) }
    }

    private static func appendSize(_ size: PixelSize, to text: inout [UInt8]) {
        appendDecimal(size.width, to: &text)
        text.append(0x78)  // x
        appendDecimal(size.height, to: &text)
    }

    private static func appendDecimal(_ value: Int, to text: inout [UInt8]) {
        if value < 0 { text.append(0x2D) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else { return text.append(0x30 + UInt8(magnitude)) }
        // Digits from the last, into a buffer on the stack: a line holds four numbers.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            text.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Keys in a fixed order; orientation is `null` when the file has none.
    /// A video adds `duration` (seconds, or `null`) and `videoCodec`.
    static func json(path: String, header: ImageHeader) -> String {
        var text: [UInt8] = []
        appendJSON(prefix: [], name: path, header: header, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    static func json(path: String, error: String) -> String {
        "{\"path\":\(JSONText.quoted(path)),\"error\":\(JSONText.quoted(error))}"
    }

    /// Control characters (a tab or newline in a file name) would break the
    /// line format; they are written as `\t`, `\n`, `\r` or `\xNN`.
    static func plainField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x00..<0x20, 0x7F: result += "\\x" + JSONText.hex(scalar.value, width: 2)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
