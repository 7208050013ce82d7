import Foundation
import ImageHeaders
import MarkupCheck

extension Site {
    /// `cascade check DIR`: the markup and link check of a build, run on a
    /// folder that already exists (a site built earlier, or edited by hand).
    ///
    /// Checks every `.html` file under `folder` (hidden files and symbolic
    /// links left out) against the files there; script is allowed only as
    /// the theme in `templates` writes it.
    public static func check(folder: URL, templates: URL) throws(BuildError) -> CheckReport {
        let display = PathText.display(folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .outputNotFound(path: display)
        }
        let theme = try Theme.load(templates)
        let files = regularFiles(under: folder)
        var pages: [SitePage] = []
        for path in files where path.lowercased().hasSuffix(".html") {
            let bytes: [UInt8]
            do throws(SystemCallError) {
                bytes = try FileIO.read(PathText.join(folder.path, path))
            } catch {
                throw .pageUnreadable(path: PathText.join(display, path), reason: error)
            }
            // Invalid UTF-8 becomes U+FFFD, which the check then shows in place.
            pages.append(SitePage(path: path, text: String(decoding: bytes, as: UTF8.self)))
        }
        let issues = SiteCheck.check(pages: pages, files: files, allowing: theme.allowance)
        return CheckReport(folder: display, pages: pages.map(\.path), fileCount: files.count,
                           issues: issues.map { CheckReport.Issue(folder: display, issue: $0) })
    }

    /// Regular files under `folder` (hidden entries and links left out),
    /// relative, `/`-separated, in byte order.
    static func regularFiles(under folder: URL) -> [String] {
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let base = relative.isEmpty ? folder.path : PathText.join(folder.path, relative)
            guard let entries = try? FolderEntry.read(atPath: base) else { continue }
            for entry in entries {
                let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
                switch entry.kind {
                case .file: result.append(path)
                case .folder: pending.append(path)
                case .symbolicLink, .special, .unknown: continue
                }
            }
        }
        return result.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

/// What `cascade check` found in a folder.
public struct CheckReport: Sendable {
    /// The folder as messages show it.
    public var folder: String
    /// Pages checked, relative to the folder.
    public var pages: [String]
    /// Files in the folder (pages included).
    public var fileCount: Int
    /// Every issue, by page then position.
    public var issues: [Issue]

    /// An issue of a page in the checked folder.
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        public var folder: String
        public var issue: SiteIssue
        /// `DIR/page:line:column: message`.
        public var description: String { PathText.join(folder, issue.description) }
    }
}
