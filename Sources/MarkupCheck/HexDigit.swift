/// The value of one ASCII hex digit, for the percent-decoding of URLs and
/// the escapes of CSS: the one place both read hex.
enum HexDigit {
    static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
