import Gallery

/// The one place an outcome or error becomes the process's exit status:
/// 0 success, 1 failure (the build failed, a file could not be read, a page
/// has problems), 2 a usage error — something the command line must change,
/// 128 + N a build stopped by signal N (SIGINT, SIGTERM).
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2

    static func of(_ outcome: Outcome) -> Int32 {
        outcome == .success ? success : failure
    }

    /// A build stopped by a signal: 128 + its number, as a shell reports it
    /// (130 for SIGINT, 143 for SIGTERM).
    static func stopped(by signal: Int32) -> Int32 { 128 + signal }

    static func of(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError, is OptionProblem: usage
        case BuildError.stopped(let signal): stopped(by: signal)
        case let error as BuildError where error.isUsageError: usage
        default: failure
        }
    }
}

/// How a command that did not throw ended.
enum Outcome {
    case success
    /// The command ran and reported problems (`check` found issues, `scan`
    /// could not read a file).
    case failure
}
