extension UInt8 {
    /// Space, tab or carriage return: whitespace inside a tag that does not
    /// end a line.
    var isBlank: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") || self == UInt8(ascii: "\r")
    }

    /// Space or tab: what indentation is made of.
    var isIndentation: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}
