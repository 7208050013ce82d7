/// A command line Cascade cannot act on. The message is one line that says what to do.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    /// What the user probably meant (`build` for `biuld`), shown instead of the pointer to help.
    var suggestion: String? = nil
    /// Whether the line ends by pointing at `cascade --help`; off when the
    /// message already says what to do.
    var pointsToHelp = true

    var description: String {
        if let suggestion { return "\(message) (did you mean '\(suggestion)'?)" }
        return pointsToHelp ? "\(message). Run 'cascade --help' for usage." : message
    }
}
