/// Turning a sidecar file's bytes into lines a parser can trust: the limits,
/// the byte-order mark, the line endings.
///
/// Sidecars are written by other programs and by hand, so the text is decoded
/// leniently (invalid UTF-8 becomes U+FFFD) and bounded: a parser never sees
/// more than ``byteLimit`` bytes or ``lineLimit`` lines, whatever the file holds.
enum SidecarText {
    /// At most this many bytes of a sidecar are read (1 MiB); real ones are a few KB.
    static let byteLimit = 1 << 20
    /// At most this many lines are parsed; the rest are ignored.
    static let lineLimit = 20_000

    /// The text of `bytes`: UTF-8 (invalid sequences replaced), without a
    /// leading byte-order mark. When `truncated`, the last, partial line is
    /// dropped so a cut never yields half a value.
    static func decode(_ bytes: some Collection<UInt8>, truncated: Bool = false) -> String {
        var slice = Array(bytes.prefix(byteLimit))
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice.removeFirst(3) }
        if truncated || bytes.count > byteLimit, let lastBreak = slice.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            slice.removeSubrange((lastBreak + 1)...)
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The lines of `text`, split at LF, CRLF or a lone CR, without their
    /// terminators, at most ``lineLimit`` of them.
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = start
        // `Character` treats CRLF as one character, so each case is one comparison.
        while index < text.endIndex, lines.count < lineLimit {
            let character = text[index]
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(text[start..<index])
                index = text.index(after: index)
                start = index
            } else {
                index = text.index(after: index)
            }
        }
        if start < text.endIndex, lines.count < lineLimit { lines.append(text[start...]) }
        return lines
    }
}
