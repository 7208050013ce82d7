/// Which pages a build need not render: each is on disk exactly as the last
/// build wrote it from the same data (``MarkupVerdicts``).
///
/// Page by page, so a page edited or deleted by hand costs that page alone,
/// not its album's thousand; by index, so asking about 100,000 photo pages
/// builds no path.
struct KeptPages: Sendable {
    /// Per model: whether each of its album pages is kept, and each photo page.
    private var albums: [[Bool]] = []
    private var photos: [[Bool]] = []
    /// The kept assets (which take the home page's data).
    private var assets: Set<String> = []
    /// Per model: every page kept (and, for the home page, every asset), so
    /// its photo fields need not even be made.
    private var whole: [Bool] = []

    init() {}

    /// `albums` and `photos` per model; `assets` of `assetNames` kept.
    init(albums: [[Bool]], photos: [[Bool]], assets: Set<String>, assetNames: [String]) {
        self.albums = albums
        self.photos = photos
        self.assets = assets
        whole = albums.indices.map { number in
            !albums[number].isEmpty && albums[number].allSatisfy { $0 } && photos[number].allSatisfy { $0 } && (number != 0 || assetNames.allSatisfy(assets.contains))
        }
    }

    /// Whether all of model `number`'s pages are kept.
    func keepsAll(of number: Int) -> Bool { number < whole.count && whole[number] }

    func keepsAlbum(_ number: Int, page: Int) -> Bool {
        number < albums.count && page < albums[number].count && albums[number][page]
    }

    func keepsPhoto(_ number: Int, _ photo: Int) -> Bool {
        number < photos.count && photo < photos[number].count && photos[number][photo]
    }

    func keepsAsset(_ name: String) -> Bool { assets.contains(name) }
}
