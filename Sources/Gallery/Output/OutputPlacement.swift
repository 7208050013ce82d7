import Foundation

/// Where the output folder may be, relative to the album, decided by device
/// and inode (``PathContainment``) before anything else is read.
///
/// Never the album itself, never a folder holding the album, and anywhere
/// only when it is (or will be) Cascade's own — new, empty, or holding
/// `.cascade-manifest` — so `--output "$HOME"` or a folder of documents is
/// refused before anything is written there, while `_site` from an earlier
/// build or a fresh folder needs no flag. Inside the album that lets
/// `cd album && cascade build` write `_site`; that folder is then left out
/// of the album walk, so its renditions are never taken for photos.
enum OutputPlacement {
    /// Throws if `output` may not be written for `album`; returns the id of
    /// the folder the album walk must leave out, if any.
    static func check(output: URL, album: AlbumFolder) throws(BuildError) -> FileID? {
        guard let albumID = FileID(path: album.path) else { return nil }
        let display = PathText.display(output)
        if let outputID = FileID(path: output.path) {
            if outputID == albumID { throw .outputIsAlbum(output: display, album: album.displayName) }
            if PathContainment.isInside(album.path, outputID) {
                throw .albumInsideOutput(output: display, album: album.displayName)
            }
        }
        let inside = PathContainment.isInside(PathContainment.existingAncestor(of: output), albumID)
        guard isCascadesOwn(output.path) else {
            throw inside ? .outputInsideAlbum(output: display, album: album.displayName) : .outputNotCascades(output: display)
        }
        return inside ? FileID(path: output.path) : nil
    }

    /// Nothing there yet, an empty folder, or a folder a build wrote — or
    /// began to: a build killed before its first manifest leaves only its
    /// lock file and perhaps a temporary file.
    /// (The folder itself may be a link: `--output` is the user's to point.)
    static func isCascadesOwn(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT }
        guard info.st_mode & S_IFMT == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return false }
        guard !names.isEmpty else { return true }
        if names.contains(OutputLock.fileName),
           names.allSatisfy({ $0 == OutputLock.fileName || StrayTemporaries.pid(ofTemporary: $0) != nil }) {
            return OutputLock.isLockFile(atPath: PathText.join(path, OutputLock.fileName))
        }
        return lstat(PathText.join(path, OutputFolder.manifestName), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
