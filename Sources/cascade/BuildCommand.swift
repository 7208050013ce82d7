import Foundation
import Gallery

/// `cascade build [ALBUM] [--output DIR] [--templates DIR] [--strict]`
struct BuildCommand: Subcommand {
    static let name = "build"
    static let usage = ["build [ALBUM] [--output DIR] [--templates DIR] [--strict]"]
    static let help = """
    build     Reads every image in ALBUM (default: the current folder), lays the
              photos out as a waterfall and writes a finished site to DIR.
      -o, --output DIR      where to write the site (default: _site); never
                            inside the album; files Cascade did not make there
                            are never overwritten or deleted
      -t, --templates DIR   the theme to render (default: ./Templates, else the
                            Templates folder Cascade was built with)
      --strict              fail when any file is skipped (not an image, corrupt)
    """
    static let options: [OptionSpec] = [
        .value("--output", "-o", called: "folder"),
        .value("--templates", "-t", called: "folder"),
        .flag("--strict"),
    ]

    var album = "."
    var output = "_site"
    var templates: String?
    var strict = false

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; build takes one album folder")
        }
        album = parsed.positionals.first ?? "."
        output = parsed.values["--output"] ?? output
        templates = parsed.values["--templates"]
        strict = parsed.flags.contains("--strict")
    }

    func run() -> Int32 {
        let options = BuildOptions(
            album: URL(fileURLWithPath: album),
            output: URL(fileURLWithPath: output),
            templates: templates.map { URL(fileURLWithPath: $0) } ?? Self.defaultTemplates(),
            strict: strict)
        do {
            let report = try Gallery.build(options) { warning in
                Console.error("cascade: warning: \(warning)")
            }
            let count = report.photos.count
            let skipped = report.warnings.isEmpty ? "" : ", \(report.warnings.count) skipped"
            Console.error("cascade: built \(count) photo\(count == 1 ? "" : "s")\(skipped)")
            print(report.page.standardizedFileURL.path)
            return 0
        } catch {
            Console.error("cascade: error: \(error)")
            return error.isUsageError ? 2 : 1
        }
    }

    /// The default theme: `./Templates` when present, else the `Templates` folder
    /// of an installed (`share/cascade`) or source-tree build of this binary.
    static func defaultTemplates() -> URL {
        let manager = FileManager.default
        let local = URL(fileURLWithPath: "Templates")
        if manager.fileExists(atPath: local.appendingPathComponent("page.mustache").path) { return local }
        guard let executable = Bundle.main.executableURL else { return local }
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            for candidate in [folder.appendingPathComponent("share/cascade/Templates"),
                              folder.appendingPathComponent("Templates")]
            where manager.fileExists(atPath: candidate.appendingPathComponent("page.mustache").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        return local
    }
}
