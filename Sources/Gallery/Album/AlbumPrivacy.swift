/// `album.json`'s `"private"`: how an album is kept from view. Only
/// `"unlisted"` exists: the album is built into a folder named from the
/// private key (``PrivateKey``) and linked or listed nowhere outside its own
/// pages, so only someone given its URL finds it.
enum AlbumPrivacy: String, Sendable, Equatable, CaseIterable {
    case unlisted
}

extension Album {
    /// Whether its own `album.json` makes it unlisted (its sub-albums are
    /// unlisted with it, through ``isInUnlisted``, without being cut off from it).
    var isUnlisted: Bool { config.privacy == .unlisted }

    /// The sub-albums its page shows and its figures count: all but the unlisted ones.
    var listedAlbums: [Album] { albums.filter { !$0.isUnlisted } }

    /// ``allPhotos`` without the photos of unlisted albums below it: what
    /// its cover, its card's figures and the keyword albums may draw on.
    var listedPhotos: [Photo] { photos + listedAlbums.flatMap(\.listedPhotos) }

    /// Whether any album of the tree is unlisted.
    var hasUnlisted: Bool { isUnlisted || albums.contains { $0.hasUnlisted } }
}
