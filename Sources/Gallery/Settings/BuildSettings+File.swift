import Foundation
import ImageHeaders

extension BuildSettings {
    /// The settings of `album`'s `cascade.json`, with its paths made
    /// relative to the current folder (a file's paths mean the album's
    /// folders, wherever the build is run from); empty when there is none.
    public static func load(album: URL) throws(BuildError) -> BuildSettings {
        let file = album.appendingPathComponent(fileName)
        let display = PathText.display(file)
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return BuildSettings() }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .settingsInvalid(path: display, location: nil, problem: .notRegularFile)
        }
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try FileIO.read(file.path, atMost: 1 << 20)
        } catch {
            throw .settingsInvalid(path: display, location: nil, problem: .unreadable)
        }
        var settings = try parse(bytes, displayPath: display)
        settings.output = settings.output.map { resolve($0, in: album) }
        settings.templates = settings.templates.map { resolve($0, in: album) }
        return settings
    }

    private static func resolve(_ path: String, in album: URL) -> String {
        path.hasPrefix("/") ? path : PathText.join(album.path, path)
    }
}
