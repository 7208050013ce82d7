import ArgumentParser
import Gallery

/// `cascade scan [--json] PATH...`: the header of every image, one line per file.
///
/// The walk, the parallel reading and the line formats are `HeaderScan`'s.
struct ScanCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "print image headers: format, size, orientation",
        usage: "cascade scan [--json] PATH...",
        discussion: """
        Reads the header of every file in PATH (folders recursively) and prints one line per file, \
        tab-separated: path, format, WIDTHxHEIGHT, orientation, DISPLAYWxDISPLAYH (orientation 1-8, or - \
        when the file has none). A file that cannot be read prints path, "error" and the reason.

        Exit status 1 when any file could not be read.
        """)

    @Argument(help: ArgumentHelp("files and folders to read", valueName: "PATH"))
    var paths: [String] = []

    @Flag(help: """
        one JSON object per line instead: path, format, width, height, orientation, displayWidth, \
        displayHeight; or path and error
        """)
    var json = false

    /// `cascade scan …` parsed without the rest of the command tree, whose
    /// configurations (`build`'s help text from its option table above all)
    /// cost a scan of a few thousand files a tenth of its time; `nil` for
    /// anything else, and for help, a usage error or anything unusual, which
    /// the whole tree then reads as before.
    /// The usual line, `--json` and plain paths, is read without
    /// argument-parser at all: its reflection over the command's properties
    /// was the larger part of what remained of a scan's start.
    static func parsedAlone(_ arguments: [String]) -> ScanCommand? {
        guard arguments.first == "scan" else { return nil }
        let words = arguments.dropFirst()
        let paths = words.filter { $0 != "--json" }
        if !paths.isEmpty, paths.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") }) {
            var command = ScanCommand()
            command.paths = paths
            command.json = paths.count < words.count
            return command
        }
        return try? parse(Array(words))
    }

    func execute() throws -> Outcome {
        guard !paths.isEmpty else { throw UsageError(message: "scan needs at least one file or folder") }
        let complete = HeaderScan.run(paths, format: json ? .json : .plain, emit: Console.writeOutput)
        return complete ? .success : .failure
    }
}
