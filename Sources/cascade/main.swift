import ArgumentParser
import Foundation
import Gallery

// The only place that exits: argument-parser reads the command line and
// shows help, the version and completions; subcommands print and return or
// throw, and `ExitStatus` turns that into the status.

var arguments = Array(CommandLine.arguments.dropFirst())

func usageFailure(_ error: UsageError) -> Never {
    Console.error("cascade: \(error)")
    exit(ExitStatus.usage)
}

/// A usage error for a first word that names no command, suggesting the nearest one.
func unknownCommand(_ name: String) -> Never {
    let option = name.hasPrefix("-")
    let suggestion = option
        ? Suggestion.closest(to: name, among: ["--help", "--version", "-h", "--generate-completion-script"])
        : Suggestion.closest(to: name, among: Cascade.commandNames + ["help", "version"])
    usageFailure(UsageError(message: "unknown \(option ? "option" : "command") '\(name)'", suggestion: suggestion))
}

// The first word is checked here so a typo gets our "did you mean"; the rest is argument-parser's.
let rootWords = ["-h", "--help", "help", "--version", "--generate-completion-script", "--experimental-dump-help"]
guard let first = arguments.first else {
    usageFailure(UsageError(message: "missing command (try 'cascade build ALBUM')"))
}
if first == "version" || first == "-V" {
    print("cascade \(Site.version)")
    exit(ExitStatus.success)
}
if !Cascade.commandNames.contains(first), !rootWords.contains(where: { first == $0 || first.hasPrefix($0 + "=") }) {
    unknownCommand(first)
}
if first == "help", arguments.count > 1 {
    guard arguments.count == 2 else { usageFailure(UsageError(message: "help takes one command")) }
    if !Cascade.commandNames.contains(arguments[1]), !rootWords.contains(arguments[1]) { unknownCommand(arguments[1]) }
    // `help help`, `help --help`: the overview, as `help` alone.
    if !Cascade.commandNames.contains(arguments[1]) { arguments = ["--help"] }
}
let subcommand = Cascade.commandNames.contains(first) ? first : nil

let command: any CascadeCommand
do {
    if let scan = ScanCommand.parsedAlone(arguments) {
        command = scan
    } else {
        var parsed = try Cascade.parseAsRoot(arguments)
        guard let ours = parsed as? any CascadeCommand else {
            // `help COMMAND` and a bare `cascade --help`: argument-parser's own, which end by throwing the help.
            try parsed.run()
            exit(ExitStatus.success)
        }
        command = ours
    }
} catch {
    // Help, the version and completion scripts are "errors" that exit 0.
    guard Cascade.exitCode(for: error) != .success else {
        print(Cascade.fullMessage(for: error))
        exit(ExitStatus.success)
    }
    let type = Cascade.configuration.subcommands.first { $0._commandName == subcommand }
    usageFailure(UsageError(parserMessage: Cascade.message(for: error), command: subcommand,
                            help: type.map { Cascade.helpMessage(for: $0) } ?? ""))
}

do {
    exit(ExitStatus.of(try command.execute()))
} catch var error as UsageError {
    if error.command == nil { error.command = subcommand }
    usageFailure(error)
} catch let problem as OptionProblem {
    usageFailure(UsageError(message: problem.message, suggestion: problem.suggestion, command: subcommand))
} catch BuildError.stopped(let signal) {
    // Not an error: what was asked for.
    Console.error("cascade: \(BuildError.stopped(signal: signal))")
    exit(ExitStatus.stopped(by: signal))
} catch {
    Console.error("cascade: error: \(error)")
    exit(ExitStatus.of(error))
}
