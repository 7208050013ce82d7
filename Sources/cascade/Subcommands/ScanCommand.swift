import Gallery

/// `cascade scan [--json] PATH...`: the header of every image, one line per file.
///
/// The walk, the parallel reading and the line formats are `HeaderScan`'s.
struct ScanCommand: Subcommand {
    static let name = "scan"
    static let summary = "print the header (format, size, orientation) of image files"
    static let usage = ["scan [--json] PATH..."]
    static let help = """
    scan      Reads the header of every file in PATH (folders recursively) and
              prints one line per file, tab-separated:
              path, format, WIDTHxHEIGHT, orientation, DISPLAYWxDISPLAYH
              (orientation 1-8, or - when the file has none). A file that
              cannot be read prints path, "error" and the reason.
      --json                one JSON object per line instead: path, format,
                            width, height, orientation, displayWidth,
                            displayHeight; or path and error
      Exit status 1 when any file could not be read.
    """
    static let options: [OptionSpec] = [.flag("--json")]

    var paths: [String]
    var json: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard !parsed.positionals.isEmpty || parsed.wantsHelp else {
            throw UsageError(message: "scan needs at least one file or folder")
        }
        paths = parsed.positionals
        json = parsed.flags.contains("--json")
    }

    func run() throws -> Outcome {
        let complete = HeaderScan.run(paths, format: json ? .json : .plain, emit: Console.writeOutput)
        return complete ? .success : .failure
    }
}
