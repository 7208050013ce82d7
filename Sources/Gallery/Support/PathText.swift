import Foundation

/// File-system paths as plain strings: joining, and the form shown to people.
///
/// Plain strings rather than `URL`s on purpose: building a `URL` per photo
/// showed in rebuild profiles of large albums.
enum PathText {
    /// `folder/name`, without doubling a trailing slash.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The path as the user would recognise it: relative to the current
    /// folder when inside it, else absolute.
    static func display(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
