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
    /// Whether every asset is kept (else they are rendered from the home page's data).
    private var allAssets = false

    init() {}

    /// `albums` and `photos` per model; `assets` of `assetNames` kept.
    init(albums: [[Bool]], photos: [[Bool]], assets: Set<String>, assetNames: [String]) {
        self.albums = albums
        self.photos = photos
        self.assets = assets
        allAssets = assetNames.allSatisfy(assets.contains)
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

    /// Which of `model`'s photos (model `number`) the pages to render need
    /// the fields of (``PageModel/photoFields(_:)``): those on each album
    /// page rendered, and each photo page rendered with those either side
    /// of it. So a photo added to an album of 100,000 makes the fields of a
    /// page of tiles and a few photos, not of all 100,000.
    func photosNeeded(of number: Int, model: PageModel, photoPages: Bool) -> [Bool] {
        var needed = [Bool](repeating: false, count: model.photos.count)
        for page in 0..<model.albumPageCount where !keepsAlbum(number, page: page) || (number == 0 && page == 0 && !allAssets) {
            // (The assets take the home page's data: its first page's tiles.)
            for index in model.photoRange(onPage: page) { needed[index] = true }
        }
        if photoPages {
            for index in model.photos.indices where !keepsPhoto(number, index) {
                for neighbour in max(0, index - 1)...min(model.photos.count - 1, index + 1) { needed[neighbour] = true }
            }
        }
        return needed
    }
}
