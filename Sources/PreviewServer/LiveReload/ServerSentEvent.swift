/// One server-sent event as it goes on the wire (HTML's `text/event-stream`).
public enum ServerSentEvent {
    /// `event: NAME` and one `data:` line per line of `data` (a raw newline
    /// would end the field), then the blank line that dispatches it.
    public static func format(event: String, data: String) -> [UInt8] {
        var text = "event: \(event)\n"
        let lines = data.replacingCRs.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { text += "data: \(line)\n" }
        text += "\n"
        return Array(text.utf8)
    }

    /// A comment line: keeps the stream alive and finds clients that left.
    public static let heartbeat = Array(": ping\n\n".utf8)
}

extension String {
    /// CRLF and lone CR as LF, since each ends an event-stream line.
    var replacingCRs: String {
        var result = ""
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
