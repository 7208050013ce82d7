import Foundation
import Gallery

// The only place that exits: subcommands print and return or throw, and
// `ExitStatus` turns that into the status.

let arguments = Array(CommandLine.arguments.dropFirst())

func usageFailure(_ error: UsageError) -> Never {
    Console.error("cascade: \(error)")
    exit(ExitStatus.usage)
}

guard let first = arguments.first else {
    usageFailure(UsageError(message: "missing command (try 'cascade build ALBUM')"))
}
switch first {
case "-h", "--help", "help":
    print(Subcommands.helpText)
case "-V", "--version", "version":
    print("cascade \(Site.version)")
default:
    guard let command = Subcommands.named(first) else {
        usageFailure(UsageError(message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"))
    }
    let parsed: any Subcommand
    do {
        parsed = try command.init(arguments: Array(arguments.dropFirst()))
    } catch {
        usageFailure(error)
    }
    if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
        print(Subcommands.helpText)
        exit(ExitStatus.success)
    }
    do {
        exit(ExitStatus.of(try parsed.run()))
    } catch let error as UsageError {
        usageFailure(error)
    } catch {
        Console.error("cascade: error: \(error)")
        exit(ExitStatus.of(error))
    }
}
