/// A command line Cascade cannot act on. The message is one line that says what to do.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { "\(message). Run 'cascade --help' for usage." }
}
