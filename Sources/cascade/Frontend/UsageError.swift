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
    /// ours: the first letter lowercase, the pointer to the command's help.
    /// Its text is only reshaped, never reworded, so a new message still
    /// reads. An unknown option gets our suggestion among the spellings its
    /// `help` shows (argument-parser's leaves out `--help`: `--hepl` got `--gap`).
    init(parserMessage text: String, command: String?, help: String) {
        var message = String(text.split(separator: "\n").first ?? "")
        if let range = message.range(of: ". Did you mean ") { message = String(message[..<range.lowerBound]) }
        message = message.prefix(1).lowercased() + message.dropFirst()
        var suggestion: String?
        if message.hasPrefix("unknown option '"), let name = message.split(separator: "'").dropFirst().first {
            let spellings = help.split(whereSeparator: { " ,;()[]<>='\n".contains($0) }).filter { $0.hasPrefix("-") }.map(String.init)
            suggestion = Suggestion.closest(to: String(name), among: spellings)
            if let command { message += " for \(command)" }
        }
        if message.hasSuffix(".") { message.removeLast() }
        self.init(message: message, suggestion: suggestion, command: command)
    }
}
