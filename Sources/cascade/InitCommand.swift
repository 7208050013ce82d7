import Foundation
import Gallery

/// `cascade init [DIR]`
struct InitCommand: Subcommand {
    static let name = "init"
    static let usage = ["init [DIR]"]
    static let help = """
    init      Starts an album in DIR (default: the current folder): writes
              album.json (title, description, a caption per photo) and copies
              the default theme to DIR/Templates, which builds of DIR then use.
              Never overwrites either.
    """
    static let options: [OptionSpec] = []

    var folder = "."

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; init takes one folder")
        }
        folder = parsed.positionals.first ?? folder
    }

    func run() -> Int32 {
        guard let theme = BuildCommand.builtInTemplates() else {
            Console.error("cascade: error: the default theme was not found next to the cascade binary (share/cascade/Templates)")
            return 1
        }
        let album = URL(fileURLWithPath: folder)
        do {
            let report = try StarterAlbum.create(album: album, theme: theme)
            let photos = "\(report.photoCount) file\(report.photoCount == 1 ? "" : "s")"
            Console.error("cascade: wrote \(report.config) (\(photos) listed) and \(report.templates)/; edit them, then run 'cascade build \(folder)'")
            print(album.appendingPathComponent(report.config).standardizedFileURL.path)
            return 0
        } catch {
            Console.error("cascade: error: \(error)")
            return error.isUsageError ? 2 : 1
        }
    }
}
