import Foundation

/// Where the executable writes: standard error for messages, standard output
/// for results (also plain `print`).
enum Console {
    /// `1 photo`, `3 photos`.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Writes a message to standard error, the one place messages meet the
    /// terminal: control bytes and bidi overrides in it (from a file name)
    /// are shown escaped (``TerminalText``), never sent raw.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(line) + "\n").utf8))
    }

    /// Writes bytes to standard output unbuffered, retrying short writes, so a
    /// long scan streams; gives up quietly when the reader has gone.
    static func writeOutput(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = write(1, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
