/// Reads Netpbm sizes: `P1`–`P6` (PBM/PGM/PPM, plain and raw) and `PF`/`Pf`
/// (PFM) give width and height as the next two decimal tokens, with `#`
/// comments anywhere between tokens; `P7` (PAM) has `WIDTH` and `HEIGHT` lines
/// before `ENDHDR`.
enum PNMHeaderParser: HeaderParser {
    static var format: ImageFormat { .pnm }

    /// Most header bytes looked at; real headers are a few dozen.
    private static let maxHeaderLength = 4096

    static func matches(signature: [UInt8]) -> Bool {
        guard signature.count >= 3, signature[0] == 0x50 else { return false }  // "P"
        let kind = signature[1]
        guard (0x31...0x37).contains(kind) || kind == 0x46 || kind == 0x66 else { return false }
        return isSpace(signature[2])
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let header = try reader.readAvailable(at: 0, upTo: maxHeaderLength)
        let part = "PNM header"
        if header[1] == 0x37 {
            return try readPAM(header)
        }
        var scanner = TokenScanner(bytes: header, position: 2)
        guard let width = scanner.nextNumber(), let height = scanner.nextNumber() else {
            throw HeaderError(offset: scanner.position, reason: .malformed("\(part) (width and height expected)"))
        }
        let size = try PixelSize.checked(width: width, height: height, part: part, at: 2)
        return ImageHeader(format: .pnm, storedSize: size)
    }

    /// PAM: `KEY value` lines up to `ENDHDR`.
    private static func readPAM(_ header: [UInt8]) throws(HeaderError) -> ImageHeader {
        var width: UInt64?
        var height: UInt64?
        var scanner = TokenScanner(bytes: header, position: 2)
        while let token = scanner.nextWord() {
            switch token {
            case "WIDTH": width = scanner.nextNumber()
            case "HEIGHT": height = scanner.nextNumber()
            case "ENDHDR":
                guard let width, let height else {
                    throw HeaderError(offset: scanner.position, reason: .missing("WIDTH and HEIGHT in the PAM header"))
                }
                let size = try PixelSize.checked(width: width, height: height, part: "PAM header", at: 0)
                return ImageHeader(format: .pnm, storedSize: size)
            default:
                scanner.skipLine()
            }
        }
        throw HeaderError(offset: scanner.position, reason: .missing("ENDHDR in the PAM header"))
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Splits a Netpbm header into tokens, skipping whitespace and `#` comments.
    private struct TokenScanner {
        let bytes: [UInt8]
        var position: Int

        mutating func skipSpaceAndComments() {
            while position < bytes.count {
                if isSpace(bytes[position]) {
                    position += 1
                } else if bytes[position] == 0x23 {  // "#"
                    skipLine()
                } else {
                    return
                }
            }
        }

        mutating func skipLine() {
            while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
                position += 1
            }
        }

        /// The next decimal number (at most 10 digits), or `nil`.
        mutating func nextNumber() -> UInt64? {
            skipSpaceAndComments()
            var value: UInt64 = 0
            var digits = 0
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) {
                guard digits < 10 else { return nil }
                value = value * 10 + UInt64(bytes[position] - 0x30)
                digits += 1
                position += 1
            }
            // A number must end at whitespace or a comment; one running into the
            // end of the data may have been cut short.
            guard position < bytes.count, isSpace(bytes[position]) || bytes[position] == 0x23 else { return nil }
            return digits > 0 ? value : nil
        }

        /// The next run of non-space bytes as text (at most 64), or `nil` at the end.
        mutating func nextWord() -> String? {
            skipSpaceAndComments()
            let start = position
            while position < bytes.count, !isSpace(bytes[position]), position - start < 64 {
                position += 1
            }
            return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
        }
    }
}
