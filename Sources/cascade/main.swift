import Foundation
import Gallery

// The only place that prints and exits; everything below returns values or throws.

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The default theme: `./Templates` when present, else the `Templates` folder
/// next to an installed (`share/cascade`) or source-tree build of this binary.
func defaultTemplates() -> URL {
    let manager = FileManager.default
    let local = URL(fileURLWithPath: "Templates")
    if manager.fileExists(atPath: local.appendingPathComponent("page.mustache").path) { return local }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    if let executable = Bundle.main.executableURL {
        folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }
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

let command: Command
do {
    command = try Command.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    printError("cascade: \(error)")
    exit(2)
}

switch command {
case .help:
    print(Command.helpText)
case .version:
    print("cascade \(Gallery.version)")
case let .build(album, output, templates, strict):
    let options = BuildOptions(
        album: URL(fileURLWithPath: album),
        output: URL(fileURLWithPath: output),
        templates: templates.map { URL(fileURLWithPath: $0) } ?? defaultTemplates(),
        strict: strict)
    do {
        let report = try Gallery.build(options) { warning in
            printError("cascade: warning: \(warning)")
        }
        let skipped = report.warnings.isEmpty ? "" : ", \(report.warnings.count) skipped"
        printError("cascade: built \(report.photos.count) photo\(report.photos.count == 1 ? "" : "s")\(skipped)")
        print(report.page.standardizedFileURL.path)
    } catch {
        printError("cascade: error: \(error)")
        exit(error.isUsageError ? 2 : 1)
    }
}
