import Foundation
import Gallery

// The only place that exits; subcommands print and return their status.

let arguments = Array(CommandLine.arguments.dropFirst())

func usageFailure(_ error: UsageError) -> Never {
    Console.error("cascade: \(error)")
    exit(2)
}

guard let first = arguments.first else {
    usageFailure(UsageError(message: "missing command (try 'cascade build ALBUM')"))
}
switch first {
case "-h", "--help", "help":
    print(Subcommands.helpText)
case "-V", "--version", "version":
    print("cascade \(Gallery.version)")
default:
    guard let command = Subcommands.named(first) else {
        usageFailure(UsageError(message: first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"))
    }
    do {
        let parsed = try command.init(arguments: Array(arguments.dropFirst()))
        if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
            print(Subcommands.helpText)
            exit(0)
        }
        exit(parsed.run())
    } catch {
        usageFailure(error)
    }
}
