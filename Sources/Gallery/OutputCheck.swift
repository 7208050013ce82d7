import Foundation
import MarkupCheck

/// `cascade check DIR`: the markup and link check of a build, run on a
/// folder that already exists (a site built earlier, or edited by hand).
public enum OutputCheck {
    /// What a check found.
    public struct Report: Sendable {
        /// Pages checked, relative to the folder.
        public var pages: [String]
        /// Files in the folder (pages included).
        public var fileCount: Int
        /// Every issue as `DIR/page:line:column: message`, by page then position.
        public var issues: [String]
    }

    /// Checks every `.html` file under `folder` (hidden files and symbolic
    /// links left out) against the files there; script is allowed only as
    /// the theme in `templates` writes it.
    public static func run(folder: URL, templates: URL) throws(BuildError) -> Report {
        let display = Gallery.displayPath(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .outputNotFound(path: display)
        }
        let theme = try Theme.load(templates)
        let files = listFiles(folder)
        var pages: [SitePage] = []
        for path in files where path.lowercased().hasSuffix(".html") {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw .albumUnreadable(path: AlbumListing.join(display, path), reason: "cannot be read")
            }
            // Invalid UTF-8 becomes U+FFFD, which the check then shows in place.
            pages.append(SitePage(path: path, text: String(decoding: data, as: UTF8.self)))
        }
        let issues = SiteCheck.check(pages: pages, files: files, allowing: theme.allowance)
        return Report(pages: pages.map(\.path), fileCount: files.count,
                      issues: issues.map { AlbumListing.join(display, $0.description) })
    }

    /// Regular files under `folder`, relative, `/`-separated, in byte order.
    static func listFiles(_ folder: URL) -> [String] {
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let base = relative.isEmpty ? folder.path : folder.path + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(base + "/" + name, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFREG: result.append(path)
                case S_IFDIR: pending.append(path)
                default: continue
                }
            }
        }
        return result.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
