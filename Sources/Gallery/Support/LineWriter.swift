/// The bytes of a line-based bookkeeping file, built in one buffer.
///
/// A 100,000-photo site rewrites about 30 MB of bookkeeping on every
/// build that changes anything; made as one `String` per line and joined,
/// that was a second of a one-photo rebuild. Fields are appended as bytes,
/// each ``LineField``-encoded where it can hold a name.
struct LineWriter {
    private(set) var bytes: [UInt8] = []

    init(header: String, capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: header.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends `text` as it is (a field that cannot hold a name: a hash, a number).
    mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a decimal number.
    mutating func number(_ value: some BinaryInteger) {
        raw(String(value))
    }

    /// Appends `text` ``LineField``-encoded.
    mutating func field(_ text: String) {
        LineField.encode(text, into: &bytes)
    }

    /// Appends a content hash's 64 hex digits.
    mutating func hash(_ hash: ContentHash) {
        hash.appendHex(to: &bytes)
    }

    mutating func tab() { bytes.append(UInt8(ascii: "\t")) }

    mutating func endLine() { bytes.append(UInt8(ascii: "\n")) }
}
