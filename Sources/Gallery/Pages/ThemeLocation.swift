import Foundation

/// Where a build finds its theme when the command line names none.
public enum ThemeLocation {
    /// The album's own `Templates` (as `cascade init` writes it), else
    /// `./Templates`, else the built-in theme.
    public static func preferred(album: URL? = nil) -> URL {
        for folder in [album?.appendingPathComponent("Templates"), URL(fileURLWithPath: "Templates")] {
            if let folder, hasPage(folder) { return folder }
        }
        return builtIn() ?? URL(fileURLWithPath: "Templates")
    }

    /// The theme Cascade comes with: the `Templates` folder of an installed
    /// (`share/cascade`) or source-tree build of the running binary.
    public static func builtIn() -> URL? {
        if let executable = Bundle.main.executableURL {
            var folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while folder.path != "/" {
                for candidate in [folder.appendingPathComponent("share/cascade/Templates"),
                                  folder.appendingPathComponent("Templates")] where hasPage(candidate) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        // A development build whose build folder lies outside the source tree:
        // this file is Sources/Gallery/Pages/ThemeLocation.swift.
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { source = source.deletingLastPathComponent() }
        let templates = source.appendingPathComponent("Templates")
        return hasPage(templates) ? templates : nil
    }

    private static func hasPage(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.mustache").path)
    }
}
