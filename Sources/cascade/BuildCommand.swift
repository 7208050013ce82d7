import Foundation
import Gallery

/// `cascade build [ALBUM] [--output DIR] [--templates DIR] [--strict] [--strict-templates]`
struct BuildCommand: Subcommand {
    static let name = "build"
    static let usage = ["build [ALBUM] [--output DIR] [--templates DIR] [--strict] [--strict-templates]"]
    static let help = """
    build     Reads every image in ALBUM (default: the current folder), lays the
              photos out as a waterfall and writes a finished site to DIR.
      -o, --output DIR      where to write the site (default: _site); never
                            inside the album; files Cascade did not make there
                            are never overwritten or deleted
      -t, --templates DIR   the theme to render (default: ALBUM/Templates, else
                            ./Templates, else the theme Cascade comes with)
      --strict              fail when any file is skipped (not an image, corrupt)
      --strict-templates    fail when a template asks for a variable the data
                            does not have, listing every one
    """
    static let options: [OptionSpec] = [
        .value("--output", "-o", called: "folder"),
        .value("--templates", "-t", called: "folder"),
        .flag("--strict"),
        .flag("--strict-templates"),
    ]

    var album = "."
    var output = "_site"
    var templates: String?
    var strict = false
    var strictTemplates = false

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; build takes one album folder")
        }
        album = parsed.positionals.first ?? "."
        output = parsed.values["--output"] ?? output
        templates = parsed.values["--templates"]
        strict = parsed.flags.contains("--strict")
        strictTemplates = parsed.flags.contains("--strict-templates")
    }

    func run() -> Int32 {
        let options = BuildOptions(
            album: URL(fileURLWithPath: album),
            output: URL(fileURLWithPath: output),
            templates: templates.map { URL(fileURLWithPath: $0) }
                ?? Self.defaultTemplates(album: URL(fileURLWithPath: album)),
            strict: strict,
            strictTemplates: strictTemplates)
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

    /// The default theme: the album's own `Templates` (as `cascade init`
    /// writes it), else `./Templates`, else the built-in theme.
    static func defaultTemplates(album: URL? = nil) -> URL {
        let manager = FileManager.default
        for folder in [album?.appendingPathComponent("Templates"), URL(fileURLWithPath: "Templates")] {
            if let folder, manager.fileExists(atPath: folder.appendingPathComponent("page.mustache").path) { return folder }
        }
        return builtInTemplates() ?? URL(fileURLWithPath: "Templates")
    }

    /// The theme Cascade comes with: the `Templates` folder of an installed
    /// (`share/cascade`) or source-tree build of this binary.
    static func builtInTemplates() -> URL? {
        let manager = FileManager.default
        guard let executable = Bundle.main.executableURL else { return nil }
        var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            for candidate in [folder.appendingPathComponent("share/cascade/Templates"),
                              folder.appendingPathComponent("Templates")]
            where manager.fileExists(atPath: candidate.appendingPathComponent("page.mustache").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        // A development build whose build folder lies outside the source tree.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        return manager.fileExists(atPath: source.appendingPathComponent("page.mustache").path) ? source : nil
    }
}
