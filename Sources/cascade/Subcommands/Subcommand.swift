/// A `cascade` subcommand: parses its own arguments (pure), then runs one
/// library call and prints its result. Add one by writing a type and listing
/// it in `Subcommands.all`.
protocol Subcommand {
    /// The word after `cascade`.
    static var name: String { get }
    /// Usage lines for `cascade --help`, without the leading "cascade ".
    static var usage: [String] { get }
    /// The paragraph `cascade --help` shows under the usage lines.
    static var help: String { get }

    init(arguments: [String]) throws(UsageError)

    /// Does the work and prints its results. A thrown error is printed and
    /// mapped to an exit status by `main` alone.
    func run() throws -> Outcome
}

enum Subcommands {
    static var all: [any Subcommand.Type] { [BuildCommand.self, InitCommand.self, CheckCommand.self, ScanCommand.self, LayoutCommand.self, AuditCommand.self] }

    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }

    static var helpText: String {
        var lines = ["Cascade — a static photo-gallery generator.", "", "Usage:"]
        for command in all {
            lines += command.usage.map { "  cascade " + $0 }
        }
        lines += ["  cascade --help", "  cascade --version", ""]
        for command in all {
            lines.append(command.help)
            lines.append("")
        }
        lines.append("Exit status: 0 success, 1 failure (build failed, unreadable file), 2 usage error.")
        return lines.joined(separator: "\n")
    }
}
