import Foundation
import Testing

struct HelpCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// Text only this command's help has.
    var mentions: String
    /// Text of another command's help, which must not appear.
    var omits: String
    var testDescription: String { arguments.joined(separator: " ") }
}

@Test(arguments: [
    HelpCase(arguments: ["build", "--help"], mentions: "cascade build [ALBUM]", omits: "cascade init"),
    HelpCase(arguments: ["build", "-h"], mentions: "--max-megapixels N", omits: "cascade scan"),
    HelpCase(arguments: ["build", "--bogus", "--help"], mentions: "cascade build [ALBUM]", omits: "cascade init"),
    HelpCase(arguments: ["help", "build"], mentions: "cascade build [ALBUM]", omits: "cascade layout"),
    HelpCase(arguments: ["init", "--help"], mentions: "cascade init [DIR]", omits: "cascade build"),
    HelpCase(arguments: ["help", "init"], mentions: "Never overwrites", omits: "--output"),
    HelpCase(arguments: ["help", "scan"], mentions: "--json", omits: "cascade audit"),
])
func commandHelpIsThatCommandsOwn(_ c: HelpCase) throws {
    let run = try Binary.run(c.arguments)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout.contains(c.mentions), "\(run.stdout)")
    #expect(!run.stdout.contains(c.omits), "\(run.stdout)")
}

@Test(arguments: [["--help"], ["help"], ["-h"], ["help", "help"]])
func overviewListsEachCommandInOneLine(_ arguments: [String]) throws {
    let run = try Binary.run(arguments)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 20, "\(run.stdout)")
    for command in ["build", "init", "check", "scan", "layout", "audit"] {
        #expect(lines.filter { $0.hasPrefix("  \(command) ") }.count == 1, "\(command)")
    }
    #expect(run.stdout.contains("cascade help <subcommand>"))
    #expect(!run.stdout.contains("--max-megapixels"))
}

@Test(arguments: [
    UsageCase(arguments: ["biuld"], mentions: "cascade: unknown command 'biuld' (did you mean 'build'?)\n"),
    UsageCase(arguments: ["build", "--outptu", "x"],
              mentions: "cascade: unknown option '--outptu' for build (did you mean '--output'?)\n"),
    UsageCase(arguments: ["help", "chekc"], mentions: "cascade: unknown command 'chekc' (did you mean 'check'?)\n"),
    UsageCase(arguments: ["--hlep"], mentions: "cascade: unknown option '--hlep' (did you mean '--help'?)\n"),
    UsageCase(arguments: ["frobnicate"], mentions: "cascade: unknown command 'frobnicate'. Run 'cascade --help' for usage.\n"),
    // Nothing close: the line points at the command's own help.
    UsageCase(arguments: ["build", "--bogus"], mentions: "cascade: unknown option '--bogus' for build. Run 'cascade build --help' for usage.\n"),
    UsageCase(arguments: ["scan"], mentions: "cascade: scan needs at least one file or folder. Run 'cascade scan --help' for usage.\n"),
])
func typosGetTheNearestName(_ c: UsageCase) throws {
    let run = try Binary.run(c.arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == c.mentions)
}

/// `main` tells a command from an unknown word by a list written out beside
/// the command tree (reading names from the tree builds every command's help
/// at each start): every command the overview lists must be in it, and the
/// list must name no command the overview lacks.
@Test func everyListedCommandIsKnownByName() throws {
    let overview = try Binary.run(["--help"]).stdout
    let section = try #require(overview.components(separatedBy: "SUBCOMMANDS:").last)
    let listed = section.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("  "), let word = line.split(separator: " ").first,
              word.allSatisfy({ $0.isLowercase }) else { return nil }
        return String(word)
    }
    #expect(Set(listed).isSuperset(of: ["build", "init", "check", "scan", "layout", "audit", "serve"]), "\(listed)")
    for command in listed {
        let run = try Binary.run(["help", command])
        #expect(run.status == 0, "\(command): \(run.stderr)")
        #expect(run.stdout.contains("cascade \(command)"), "\(command)")
    }
    // A made-up name is refused as a command, not taken for one.
    #expect(try Binary.run(["help", "frobnicate"]).status == 2)
}
