/// Gives each unlisted album (`"private": "unlisted"`) its secret output
/// folder and marks it and every album below it as unlisted, once the photos
/// are read (their files are found by their own paths, which stay the
/// source's): from here on an album's ``Album/path`` is its output folder.
enum UnlistedAlbums {
    /// `tree` with each unlisted album's folder name replaced by
    /// ``PrivateKey/folderName(for:)`` of its source path (the albums below
    /// it keep their names, inside it). A tree with an unlisted album and no
    /// `key` is an error naming the albums and how to set one.
    static func place(_ tree: inout Album, key: PrivateKey?) throws(BuildError) {
        guard tree.hasUnlisted else { return }
        guard let key else {
            throw .privateKeyMissing(albums: tree.allAlbums.filter(\.isUnlisted).map(\.folderPath))
        }
        func visit(_ album: inout Album, output: [String], inUnlisted: Bool) {
            let source = album.path
            var path = output
            if !source.isEmpty { path.append(album.isUnlisted ? key.folderName(for: source) : album.name) }
            if path != source { album.sourcePath = source }
            album.path = path
            album.isInUnlisted = inUnlisted || album.isUnlisted
            for index in album.albums.indices {
                visit(&album.albums[index], output: path, inUnlisted: album.isInUnlisted)
            }
        }
        visit(&tree, output: [], inUnlisted: false)
    }

    /// Each unlisted album of `tree` (after ``place(_:key:)``) and its page,
    /// in tree order: what the build reports once, and only to the user.
    static func list(_ tree: Album, baseURL: BaseURL?) -> [UnlistedAlbum] {
        tree.allAlbums.filter(\.isUnlisted).map { album in
            let page = album.path + ["index.html"]
            return UnlistedAlbum(album: (album.sourcePath ?? album.path).joined(separator: "/"),
                                 path: page.joined(separator: "/"), url: baseURL?.url(of: page),
                                 isPasswordProtected: album.isPasswordProtected)
        }
    }
}

/// An unlisted album as the build reports it: its source folder, and where
/// its page is (the output-relative path, and the URL with `--base-url`).
/// Printed once on standard error and given in `--json`; written to no file.
public struct UnlistedAlbum: Sendable, Equatable {
    /// The album's folder from the album root (`Family/Birthday`).
    public var album: String
    /// Its page from the output folder (`Family/<32 hex digits>/index.html`).
    public var path: String
    /// Its page's absolute URL, with a base URL.
    public var url: String?
    /// Whether it is a password album (its page is the unlock page).
    public var isPasswordProtected = false

    /// What the build's note calls it: "unlisted album" or "password album".
    public var kind: String { isPasswordProtected ? "password album" : "unlisted album" }
}
