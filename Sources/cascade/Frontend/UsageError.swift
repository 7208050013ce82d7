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
