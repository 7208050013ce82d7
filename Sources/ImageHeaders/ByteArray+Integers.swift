/// Bounds-checked integer reads from a byte array, for structures read whole
/// (a HEIF `meta` box, an ICO directory, a BMP header). Every read returns
/// `nil` instead of trapping when it would run past the end.
extension Array where Element == UInt8 {
    /// The byte at `index`, or `nil` outside the array.
    func byte(at index: Int) -> UInt8? {
        index >= 0 && index < count ? self[index] : nil
    }

    /// An unsigned integer of `width` bytes (1…8) at `index` in `order`.
    func unsigned(at index: Int, width: Int, _ order: ByteOrder) -> UInt64? {
        guard width >= 1, width <= 8, index >= 0, index <= count - width else { return nil }
        var value: UInt64 = 0
        for step in 0..<width {
            let byte = UInt64(self[index + (order == .bigEndian ? step : width - 1 - step)])
            value = value << 8 | byte
        }
        return value
    }

    func uint16(at index: Int, _ order: ByteOrder) -> UInt16? {
        unsigned(at: index, width: 2, order).map { UInt16(truncatingIfNeeded: $0) }
    }

    func uint32(at index: Int, _ order: ByteOrder) -> UInt32? {
        unsigned(at: index, width: 4, order).map { UInt32(truncatingIfNeeded: $0) }
    }

    func uint64(at index: Int, _ order: ByteOrder) -> UInt64? {
        unsigned(at: index, width: 8, order)
    }

    /// Whether the bytes at `index` equal `expected`.
    func matches(_ expected: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index <= count - expected.count else { return false }
        for (offset, byte) in expected.enumerated() where self[index + offset] != byte {
            return false
        }
        return true
    }

    /// The four-character code at `index` as a big-endian integer.
    func fourCC(at index: Int) -> UInt32? {
        uint32(at: index, .bigEndian)
    }
}

/// Four-character codes (ISO BMFF box types, RIFF chunk ids, brands).
enum FourCC {
    /// The code of a four-letter ASCII string, e.g. `ftyp`.
    static func code(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// The code as text for error messages: printable ASCII as is, other bytes as `\xNN`.
    static func name(_ code: UInt32) -> String {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            if (0x20...0x7E).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            }
        }
        return text
    }
}
