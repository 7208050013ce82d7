import Foundation

/// The album folder a build reads: where it is, and what to call it in
/// messages. Checked to exist and be a folder when made, so that is the
/// first thing a build finds wrong.
struct AlbumFolder: Sendable {
    let url: URL
    /// The file-system path, for the plain-string joins the hot loops use.
    let path: String
    /// As the user would recognise it (relative to the current folder when inside it).
    let displayName: String

    init(_ url: URL) throws(BuildError) {
        self.url = url
        path = url.path
        displayName = PathText.display(url)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .albumNotFound(path: displayName)
        }
        guard isFolder.boolValue else { throw .albumNotAFolder(path: displayName) }
    }

    /// The file-system path of `name` in the album.
    func path(of name: String) -> String { PathText.join(path, name) }

    /// `name` as messages show it.
    func display(_ name: String) -> String { PathText.join(displayName, name) }
}
