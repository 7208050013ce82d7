import Foundation
import ArgumentParser
import Gallery

/// `cascade`: the root of the command tree argument-parser reads; it parses,
/// shows help, the version and shell completions, and never runs itself.
struct Cascade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cascade",
        abstract: "Cascade — a static photo-gallery generator.",
        version: "cascade \(Site.version)",
        subcommands: [BuildCommand.self, InitCommand.self, CheckCommand.self, ScanCommand.self, LayoutCommand.self,
                      AuditCommand.self, ServeCommand.self])

    /// The subcommands' names, for "did you mean" on an unknown one and to
    /// tell a subcommand from an album folder. Written out rather than read
    /// from ``configuration``: asking a subcommand its name builds its whole
    /// configuration, and `build`'s help text from the option table was a
    /// tenth of every start (`cascade scan` included). A test keeps the two
    /// lists equal.
    static let commandNames = ["build", "init", "check", "scan", "layout", "audit", "serve"]
}

/// A `cascade` subcommand: argument-parser fills its properties (pure), then
/// `execute` checks what it cannot, runs one library call and prints its
/// result. A thrown error is printed and mapped to an exit status by `main`.
protocol CascadeCommand: ParsableCommand {
    func execute() throws -> Outcome
}

/// The album and the build options of `build` and `serve`, which the option
/// table (``BuildOption/all``) declares: argument-parser hands over every
/// word it does not know itself, and the table reads them, so an option is
/// declared once for the command line, `cascade.json` and the help.
struct BuildArguments: ParsableArguments {
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("the album folder (default: the current folder) and the build options below",
                                 valueName: "album-and-options"),
              completion: .list(BuildOption.all.flatMap(\.spellings)))
    var words: [String] = []

    /// The album folder and what the command line set, checked.
    func read(command: String, otherNames: [String]) throws(OptionProblem) -> (album: String, flags: BuildSettings) {
        let (flags, words) = try BuildSettings.parse(commandLine: words, command: command, otherNames: otherNames)
        guard words.count <= 1 else { throw OptionProblem("unexpected argument '\(words[1])'; \(command) takes one album folder") }
        return (words.first ?? ".", flags)
    }

    /// The help of the build options, for the command's discussion.
    static func help(_ command: String) -> String { "Build options:\n" + BuildOption.help(for: command) }

    /// `cascade build [ALBUM] [--output DIR] …`, then the command's own options.
    static func usage(_ command: String, own: [String]) -> String {
        // argument-parser indents the lines after the first by the width of "USAGE: " itself.
        let start = "cascade \(command) "
        let lines = BuildOption.usage(for: command, before: ["[ALBUM]"], after: own, width: 80 - "USAGE: ".count - start.count)
        return start + lines.joined(separator: "\n" + String(repeating: " ", count: start.count))
    }
}

extension BuildOptions {
    /// What `build` and `serve` build: the album's `cascade.json` with the
    /// command line's `flags` laid over it, and `SOURCE_DATE_EPOCH`.
    static func of(album: String, flags: BuildSettings) throws -> (BuildOptions, BuildSettings) {
        let settings = try BuildSettings.load(album: UserPath.url(album)).overlaid(by: flags)
        return (try BuildOptions(album: album, settings: settings, environment: ProcessInfo.processInfo.environment), settings)
    }
}
