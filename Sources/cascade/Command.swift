/// What the user asked for, parsed from the command line. Pure: no I/O.
enum Command: Equatable {
    case help
    case version
    case build(album: String, output: String, templates: String?, strict: Bool)
}

/// A command line Cascade cannot act on. The message is one line that says what to do.
struct UsageError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { "\(message). Run 'cascade --help' for usage." }
}

extension Command {
    static let defaultOutput = "_site"

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else {
            throw UsageError(message: "missing command (try 'cascade build ALBUM')")
        }
        switch first {
        case "-h", "--help", "help":
            return .help
        case "-V", "--version", "version":
            return .version
        case "build":
            return try parseBuild(Array(arguments.dropFirst()))
        default:
            if first.hasPrefix("-") { throw UsageError(message: "unknown option '\(first)'") }
            throw UsageError(message: "unknown command '\(first)'")
        }
    }

    private static func parseBuild(_ arguments: [String]) throws(UsageError) -> Command {
        var album: String?
        var output: String?
        var templates: String?
        var strict = false
        var index = 0
        var optionsEnded = false

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline {
                guard !inline.isEmpty else { throw UsageError(message: "\(option) needs a folder") }
                return inline
            }
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" else {
                throw UsageError(message: "\(option) needs a folder")
            }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard album == nil else {
                    throw UsageError(message: "unexpected argument '\(argument)'; build takes one album folder")
                }
                album = argument
            } else if argument == "--" {
                optionsEnded = true
            } else {
                let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
                let name = parts[0]
                let inline = parts.count > 1 ? parts[1] : (argument.hasSuffix("=") ? "" : nil)
                switch name {
                case "-o", "--output":
                    guard output == nil else { throw UsageError(message: "--output given twice") }
                    output = try value(for: "--output", inline: inline)
                case "-t", "--templates":
                    guard templates == nil else { throw UsageError(message: "--templates given twice") }
                    templates = try value(for: "--templates", inline: inline)
                case "--strict":
                    guard inline == nil else { throw UsageError(message: "--strict takes no value") }
                    strict = true
                case "-h", "--help":
                    return .help
                default:
                    throw UsageError(message: "unknown option '\(name)' for build")
                }
            }
            index += 1
        }
        return .build(album: album ?? ".", output: output ?? defaultOutput, templates: templates, strict: strict)
    }

    static let helpText = """
    Cascade — a static photo-gallery generator.

    Usage:
      cascade build [ALBUM] [--output DIR] [--templates DIR] [--strict]
      cascade --help
      cascade --version

    build     Reads every image in ALBUM (default: the current folder), lays the
              photos out as a waterfall and writes a finished site to DIR.
      -o, --output DIR      where to write the site (default: _site); never
                            inside the album; files Cascade did not make there
                            are never overwritten or deleted
      -t, --templates DIR   the theme to render (default: ./Templates, else the
                            Templates folder Cascade was built with)
      --strict              fail when any file is skipped (not an image, corrupt)

    Exit status: 0 built, 1 build failed, 2 usage error.
    """
}
