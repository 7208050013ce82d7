/// Writes the fixed fields of a scan line into a buffer on the stack, so the
/// line grows by one copy instead of a dozen small appends (each a call and
/// a uniqueness check, which showed in profiles of large scans).
///
/// ``capacity`` holds the fixed JSON fields of any header: the key literals,
/// a format name of at most ``longestName`` bytes and four decimals of at
/// most 20 characters each.
struct FieldWriter {
    static let capacity = 256
    static let longestName = 32

    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// What has been written so far.
    var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[..<count])
    }

    mutating func write(byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    mutating func write(_ literal: StaticString) {
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            write(byte: byte)
        }
    }

    mutating func write(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { write(byte: byte) }
        }
    }

    /// `value` in decimal, `-` first when negative.
    mutating func write(decimal value: Int) {
        if value < 0 { write(byte: 0x2D) }
        var magnitude = value.magnitude
        let start = count
        repeat {
            write(byte: 0x30 + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // The digits came least significant first.
        buffer[start..<count].reverse()
    }
}
