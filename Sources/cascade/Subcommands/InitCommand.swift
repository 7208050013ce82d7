import ArgumentParser
import Foundation
import Gallery

/// `cascade init [DIR]`
struct InitCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "start an album: album.json files and the theme",
        usage: "cascade init [DIR]",
        discussion: """
        Starts an album in DIR (default: the current folder): writes an album.json (an entry per photo or \
        video; the title only when index.md or picasa.ini gives one) in DIR and in every folder below it \
        that holds photos or videos, and copies the default \
        theme to DIR/Templates, which builds of DIR then use. Never overwrites: folders that have an \
        album.json keep it. DIR must exist: init does not create it.
        """)

    @Argument(help: ArgumentHelp("the album's folder", valueName: "DIR"))
    var folder = "."

    func execute() throws -> Outcome {
        guard let theme = ThemeLocation.builtIn() else { throw InitFailure() }
        // `StarterAlbum` would create a missing folder; a mistyped name
        // (`Tirp` for `Trip`) must not become a new, empty album.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw UsageError(message: "no folder '\(folder)'; create it first (mkdir '\(folder)') or init an existing album",
                             pointsToHelp: false)
        }
        guard isFolder.boolValue else {
            throw UsageError(message: "'\(folder)' is not a folder; init takes the album's folder", pointsToHelp: false)
        }
        let album = UserPath.url(folder)
        let report = try StarterAlbum.create(album: album, theme: theme)
        let photos = "\(report.photoCount) photo\(report.photoCount == 1 ? "" : "s")"
        var written: [String] = []
        if !report.configs.isEmpty {
            written.append(report.configs.count == 1 ? report.configs[0] : "\(report.configs.count) album.json files")
        }
        if let templates = report.templates { written.append(templates + "/") }
        Console.error("cascade: wrote \(written.joined(separator: " and ")) (\(photos) listed); edit them, then run 'cascade build \(folder)'")
        for config in report.configs {
            print(album.appendingPathComponent(config).standardizedFileURL.path)
        }
        return .success
    }
}

/// `cascade init` cannot start: the binary was installed without its theme.
struct InitFailure: Error, CustomStringConvertible {
    var description: String { "the default theme was not found next to the cascade binary (share/cascade/Templates)" }
}
