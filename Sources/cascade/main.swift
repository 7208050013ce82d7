import Foundation
import Gallery

// The only place that exits: subcommands print and return or throw, and
// `ExitStatus` turns that into the status.

let arguments = Array(CommandLine.arguments.dropFirst())

func usageFailure(_ error: UsageError) -> Never {
    Console.error("cascade: \(error)")
    exit(ExitStatus.usage)
}

/// The command called `name`, or a usage error that suggests the nearest one.
func command(named name: String) -> any Subcommand.Type {
    if let command = Subcommands.named(name) { return command }
    let kind = name.hasPrefix("-") ? "option" : "command"
    let suggestion = name.hasPrefix("-")
        ? Suggestion.closest(to: name, among: ["--help", "--version", "-h", "-V"])
        : Subcommands.suggestion(for: name)
    usageFailure(UsageError(message: "unknown \(kind) '\(name)'", suggestion: suggestion))
}

guard let first = arguments.first else {
    usageFailure(UsageError(message: "missing command (try 'cascade build ALBUM')"))
}
switch first {
case "-h", "--help", "help":
    guard arguments.count > 1 else {
        print(Subcommands.overview)
        exit(ExitStatus.success)
    }
    guard arguments.count == 2 else { usageFailure(UsageError(message: "help takes one command")) }
    if ["help", "-h", "--help"].contains(arguments[1]) {
        print(Subcommands.overview)
    } else {
        print(Subcommands.helpText(for: command(named: arguments[1])))
    }
case "-V", "--version", "version":
    print("cascade \(Site.version)")
default:
    let command = command(named: first)
    let rest = Array(arguments.dropFirst())
    // Help wins over any other mistake on the line (`cascade build --bogus --help`).
    if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
        print(Subcommands.helpText(for: command))
        exit(ExitStatus.success)
    }
    /// A usage error of this command points at this command's help.
    func ofCommand(_ error: UsageError) -> UsageError {
        var error = error
        if error.command == nil { error.command = command.name }
        return error
    }
    let parsed: any Subcommand
    do {
        parsed = try command.init(arguments: rest)
    } catch {
        usageFailure(ofCommand(error))
    }
    do {
        exit(ExitStatus.of(try parsed.run()))
    } catch let error as UsageError {
        usageFailure(ofCommand(error))
    } catch BuildError.stopped(let signal) {
        // Not an error: what was asked for.
        Console.error("cascade: \(BuildError.stopped(signal: signal))")
        exit(ExitStatus.stopped(by: signal))
    } catch {
        Console.error("cascade: error: \(error)")
        exit(ExitStatus.of(error))
    }
}
