/// `album.json`'s `"private"`: how an album is kept from view.
/// `"unlisted"`: the album is built into a folder named from the
/// private key (``PrivateKey``) and linked or listed nowhere outside its own
/// pages, so only someone given its URL finds it. `"password"`: unlisted
/// too, and its pages and renditions are published only encrypted under a
/// password (``SealedAlbum``), behind a neutral unlock page.
enum AlbumPrivacy: String, Sendable, Equatable, CaseIterable {
    case unlisted
    case password
}

extension Album {
    /// Whether its own `album.json` makes it unlisted (its sub-albums are
    /// unlisted with it, through ``isInUnlisted``, without being cut off from it).
    var isUnlisted: Bool { config.privacy != nil }

    /// Whether its own `album.json` makes it a password album (unlisted too).
    var isPasswordProtected: Bool { config.privacy == .password }

    /// The outermost password albums of the tree, in tree order: each is
    /// sealed with the albums below it (a password album inside another is
    /// part of the outer one's seal, under the outer one's password).
    var passwordAlbums: [Album] {
        isPasswordProtected ? [self] : albums.flatMap(\.passwordAlbums)
    }

    /// The sub-albums its page shows and its figures count: all but the unlisted ones.
    var listedAlbums: [Album] { albums.filter { !$0.isUnlisted } }

    /// ``allPhotos`` without the photos of unlisted albums below it: what
    /// its cover, its card's figures and the keyword albums may draw on.
    var listedPhotos: [Photo] { photos + listedAlbums.flatMap(\.listedPhotos) }

    /// Whether any album of the tree is unlisted.
    var hasUnlisted: Bool { isUnlisted || albums.contains { $0.hasUnlisted } }
}
