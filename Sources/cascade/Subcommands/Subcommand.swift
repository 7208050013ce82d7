import Gallery
/// A `cascade` subcommand: parses its own arguments (pure), then runs one
/// library call and prints its result. Add one by writing a type and listing
/// it in `Subcommands.all`.
protocol Subcommand {
    /// The word after `cascade`.
    static var name: String { get }
    /// What it does, in one line for the overview `cascade --help` prints.
    static var summary: String { get }
    /// Usage lines for `cascade help NAME`, without the leading "cascade ".
    static var usage: [String] { get }
    /// The paragraph `cascade help NAME` shows under the usage lines: what it
    /// does and each option.
    static var help: String { get }
    /// The options it accepts, also the candidates for "did you mean".
    static var options: [OptionSpec] { get }

    init(arguments: [String]) throws(UsageError)

    /// Does the work and prints its results. A thrown error is printed and
    /// mapped to an exit status by `main` alone.
    func run() throws -> Outcome
}

enum Subcommands {
    static var all: [any Subcommand.Type] { [BuildCommand.self, InitCommand.self, CheckCommand.self, ScanCommand.self, LayoutCommand.self, AuditCommand.self, ServeCommand.self] }

    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }

    /// The command `typed` probably meant, for an unknown command.
    static func suggestion(for typed: String) -> String? {
        Suggestion.closest(to: typed, among: all.map { $0.name } + ["help", "version"])
    }

    /// The short text of `cascade --help`: each command in one line.
    static var overview: String {
        var lines = ["Cascade — a static photo-gallery generator.", "", "Usage: cascade COMMAND [OPTIONS]", "", "Commands:"]
        let width = all.map { $0.name.count }.max() ?? 0
        for command in all {
            lines.append("  " + command.name + String(repeating: " ", count: width + 3 - command.name.count) + command.summary)
        }
        lines += ["",
                  "cascade help COMMAND (or cascade COMMAND --help) shows a command's options.",
                  "cascade --version prints the version.",
                  "Exit status: 0 success, 1 failure (build failed, unreadable file), 2 usage error."]
        return lines.joined(separator: "\n")
    }

    /// The text of `cascade help NAME` and `cascade NAME --help`.
    static func helpText(for command: any Subcommand.Type) -> String {
        var lines = ["Usage:"]
        lines += command.usage.map { "  cascade " + $0 }
        lines += ["", command.help]
        if !command.help.contains("Exit status") {
            lines += ["", "Exit status: 0 success, 1 failure (build failed, unreadable file), 2 usage error."]
        }
        return lines.joined(separator: "\n")
    }
}
