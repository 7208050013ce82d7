/// One photo a feed may list: where it sorts and where it is.
struct FeedEntry {
    /// The photo's path from the album root: what makes two entries the same photo.
    var photoPath: String
    /// The photo's date, when known.
    var date: PhotoDate?
    /// Its file name, for the order among photos of the same date.
    var name: String
    /// Its album's model number and its index there.
    var album: Int
    var index: Int

    /// Newest first: by instant, undated photos last, then by name, then by path.
    static func newestFirst(_ a: FeedEntry, _ b: FeedEntry) -> Bool {
        switch (a.date?.sortKey, b.date?.sortKey) {
        case let (x?, y?) where x != y: return x > y
        case (.some, .none): return true
        case (.none, .some): return false
        default: return (a.name, a.photoPath) < (b.name, b.photoPath)
        }
    }
}
