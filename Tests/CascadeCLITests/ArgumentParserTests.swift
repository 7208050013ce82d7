import Foundation
import Testing
@testable import Gallery

/// What swift-argument-parser gives the command line: completion scripts,
/// help drawn from the option table, and its errors reshaped into our one line.
@Test(arguments: ["bash", "zsh", "fish"])
func completionScriptsNameTheCommandsAndTheBuildOptions(_ shell: String) throws {
    let run = try Binary.run(["--generate-completion-script", shell])
    #expect(run.status == 0, "\(run.stderr)")
    for word in ["build", "serve", "layout", "shard"] { #expect(run.stdout.contains(word), "\(word)") }
    if shell == "bash" { #expect(run.stdout.contains("--photos-per-page")) }
}

@Test func anUnknownShellIsAOneLineUsageError() throws {
    let run = try Binary.run(["--generate-completion-script", "tcsh"])
    #expect(run.status == 2)
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
}

/// The usage line and the help come from the table: every option is in both.
@Test(arguments: ["build", "serve"])
func theHelpShowsEveryBuildOptionInUsageAndText(_ command: String) throws {
    let run = try Binary.run(["help", command])
    #expect(run.status == 0)
    let parts = run.stdout.components(separatedBy: "USAGE:")
    #expect(parts.count == 2)
    for option in BuildOption.taken(by: command) {
        #expect(parts[0].contains(option.synopsis(short: true)), "\(option.flag)")
        #expect(parts[1].contains("[\(option.synopsis(short: false))]"), "\(option.flag) in the usage")
    }
}

/// The two orders are different things with different defaults; each help says which.
@Test func eachOrderSaysWhatItOrdersAndItsDefault() throws {
    let build = try Binary.run(["build", "--help"]).stdout
    #expect(build.contains("how the album grids fill their columns"))
    #expect(build.contains("default balanced"))
    let layout = try Binary.run(["layout", "--help"]).stdout
    #expect(layout.contains("placement order"))
    #expect(layout.contains("shortest (the default here"))
}

struct ParserErrorCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var stderr: String
    var testDescription: String { arguments.joined(separator: " ") }
}

/// argument-parser's errors, as one line of ours; a typo is offered `--help` too.
@Test(arguments: [
    ParserErrorCase(arguments: ["layout", "--hepl"], stderr: "cascade: unknown option '--hepl' for layout (did you mean '--help'?)\n"),
    ParserErrorCase(arguments: ["layout", "--gapp", "3"], stderr: "cascade: unknown option '--gapp' for layout (did you mean '--gap'?)\n"),
    ParserErrorCase(arguments: ["check", "--templtes", "x"],
                    stderr: "cascade: unknown option '--templtes' for check (did you mean '--templates'?)\n"),
    ParserErrorCase(arguments: ["layout", "--columns"],
                    stderr: "cascade: missing value for '--columns <N>'. Run 'cascade layout --help' for usage.\n"),
    ParserErrorCase(arguments: ["check", "a", "b"], stderr: "cascade: unexpected argument 'b'. Run 'cascade check --help' for usage.\n"),
])
func parserErrorsAreOneLineWithExit2(_ c: ParserErrorCase) throws {
    let run = try Binary.run(c.arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == c.stderr)
}
