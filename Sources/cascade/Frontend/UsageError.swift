import Gallery

/// A command line Cascade cannot act on. The message is one line that says what to do.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// What the user probably meant (`build` for `biuld`), shown instead of the pointer to help.
    var suggestion: String? = nil
    /// Whether the line ends by pointing at the help; off when the message
    /// already says what to do.
    var pointsToHelp = true
    /// The subcommand whose help the line points at (`cascade build --help`);
    /// nil for the overview.
    var command: String? = nil

    var description: String {
        if let suggestion { return "\(message) (did you mean '\(suggestion)'?)" }
        guard pointsToHelp else { return message }
        return "\(message). Run 'cascade \(command.map { "\($0) " } ?? "")--help' for usage."
    }
}

extension UsageError {
    /// argument-parser's account of a command line it could not read
    /// (`Unknown option '--jsn'. Did you mean '--json'?`), as one line of
    /// ours: the first letter lowercase, a suggestion in our form, the pointer
    /// to the command's help. Its own text says what is wrong; it is only
    /// reshaped, never reworded, so a new argument-parser message still reads.
    init(parserMessage text: String, command: String?) {
        let line = String(text.split(separator: "\n").first ?? "")
        var message = line.prefix(1).lowercased() + line.dropFirst()
        var suggestion: String?
        if let range = message.range(of: ". Did you mean '"), message.hasSuffix("'?") {
            suggestion = String(message[range.upperBound...].dropLast(2))
            message = String(message[..<range.lowerBound])
        }
        if message.hasPrefix("unknown option"), let command { message += " for \(command)" }
        if message.hasSuffix(".") { message.removeLast() }
        self.init(message: message, suggestion: suggestion, command: command)
    }
}
