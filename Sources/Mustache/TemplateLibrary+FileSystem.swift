import Foundation

extension TemplateLibrary {
    /// Loads every `*.<extension>` file under `directory`, subfolders included.
    ///
    /// A file's path relative to `directory`, without the extension, is its
    /// template name: `tile.mustache` is `tile`, `partials/nav.mustache` is
    /// `partials/nav`, `style.css.mustache` is `style.css`. Errors name the
    /// file as `<folder>/<relative path>`, e.g. `Templates/album.mustache:12:7`.
    /// Hidden files and folders are skipped.
    ///
    /// - Throws: `TemplateFileError` if the folder or a file cannot be read,
    ///   `TemplateError` if a template does not parse.
    public static func load(directory: URL, extension fileExtension: String = "mustache") throws -> TemplateLibrary {
        let root = directory.standardizedFileURL
        let folderName = root.lastPathComponent
        let suffix = "." + fileExtension
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            throw TemplateFileError(path: folderName, reason: "cannot list the folder")
        }
        var files: [(name: String, url: URL, relative: String)] = []
        for case let url as URL in enumerator {
            let relative = relativePath(of: url.standardizedFileURL, in: root)
            guard relative.hasSuffix(suffix), relative.count > suffix.count,
                  (try? url.resourceValues(forKeys: Set(keys)))?.isRegularFile == true else { continue }
            files.append((String(relative.dropLast(suffix.count)), url, relative))
        }
        var templates: [String: Template] = [:]
        for file in files.sorted(by: { $0.name < $1.name }) {
            let displayName = folderName + "/" + file.relative
            guard let data = try? Data(contentsOf: file.url) else {
                throw TemplateFileError(path: displayName, reason: "cannot be read")
            }
            guard let source = String(data: data, encoding: .utf8) else {
                throw TemplateFileError(path: displayName, reason: "is not valid UTF-8")
            }
            templates[file.name] = try Template(parsing: source, name: displayName)
        }
        return TemplateLibrary(templates)
    }

    private static func relativePath(of url: URL, in root: URL) -> String {
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let path = url.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : url.lastPathComponent
    }
}
