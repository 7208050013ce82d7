import ImageHeaders
import Parallel

extension PageModel {
    /// A digest of everything this album's pages are rendered from: the
    /// model's fields, every photo's and sub-album card's, and `context`
    /// (the generator, the theme and the render options). Equal digests
    /// give equal pages, so a rebuild renders only the albums whose digest
    /// changed (``MarkupVerdicts``): of 100 albums, one photo added renders one.
    ///
    /// Every stored property of the types below is hashed, named in
    /// ``digestedFields`` (a test compares that list with the types' own
    /// properties, so a property added without being hashed fails it); the
    /// only ones left out are listed in ``undigestedFields`` with why.
    /// Each field is length-prefixed and each list counted, so moving text
    /// from one field to the next changes the digest.
    func digest(context: [String]) -> ContentHash {
        var digest = StableDigest()
        digest.add(context)
        addSharedFields(to: &digest)
        // Only the first album page shows the download (``downloadValue(page:)``):
        // not a shared field, so a new ZIP leaves the photo pages and later
        // album pages as they are. Only when there is one, so a site without
        // downloads keeps its digests.
        if let download { digest.add([download.path, String(download.size), String(download.count)]) }
        digest.add(photos.count)
        for photo in photos { digest.add(photo) }
        digest.add(slugs)
        for card in albums { digest.add(card) }
        return digest.finalize()
    }

    /// Each photo page's digest, in photo order: of what that page shows and
    /// nothing more, so a rebuild renders only the photo pages whose digest
    /// changed. A photo page shows the album's shared fields (everything but
    /// its photos and sub-album cards: ``addSharedFields(to:)``, which takes
    /// the number of cards), its own photo and those either side of it
    /// (each with its slug, and its number when the page names it by
    /// number: ``numberedText(_:)``), and the way back to its tile. Not the
    /// album's count: the page leaves it to its script
    /// (``photoPageValue(_:generator:fields:)``). So one photo added to an
    /// album of 100,000 changes three of them (and, with the album split over
    /// pages, the few whose tile moves to the next page).
    func photoPageDigests(context: [String], own: [ContentHash]? = nil) -> [ContentHash] {
        let own = own ?? ownPhotoDigests()
        var sharedDigest = StableDigest()
        sharedDigest.add(context)
        sharedDigest.add("photo page")
        addSharedFields(to: &sharedDigest)
        let shared = sharedDigest.finalize()
        return ParallelWork.map(count: photos.count, run: Self.chunkSize) { index -> ContentHash in
            var digest = StableDigest()
            digest.add(shared)
            for offset in -1...1 {
                let neighbour = index + offset
                digest.add(own.indices.contains(neighbour))
                if own.indices.contains(neighbour) { digest.add(own[neighbour]) }
            }
            digest.add(tileHref(index))
            return digest.finalize()
        }
    }

    /// Each photo's own digest, in photo order: the photo, its slug, and its
    /// number when its page names it by number (``numberedText(_:)``). Made
    /// once for the photo pages (three take each) and the album pages.
    func ownPhotoDigests() -> [ContentHash] {
        ParallelWork.map(count: photos.count, run: Self.chunkSize) { index -> ContentHash in
            var digest = StableDigest()
            digest.add(photos[index])
            digest.add(slugs[index])
            let numbered = numberedText(index)
            digest.add(numbered.heading || numbered.alt ? index : -1)
            return digest.finalize()
        }
    }

    /// The digest of each album page after the first (page 1 first), of
    /// what it shows and nothing more: the album's shared fields, the page's
    /// number, its photos (`own`, ``ownPhotoDigests()``) and where they start,
    /// and the page count only as far as its links reach (``paginationValue(page:)``
    /// links two pages on, then a gap when more follow). Not the album's
    /// totals, which only the first page shows (``dropTotals(from:)``), so one
    /// photo added to an album of 50 pages changes the first page, the last
    /// few and the new one. The first page keeps the model's digest
    /// (``digest(context:)``): it shows the count and the sub-albums.
    func laterAlbumPageDigests(context: [String], own: [ContentHash]) -> [ContentHash] {
        guard albumPageCount > 1 else { return [] }
        var sharedDigest = StableDigest()
        sharedDigest.add(context)
        sharedDigest.add("later album page")
        addSharedFields(to: &sharedDigest)
        let shared = sharedDigest.finalize()
        let count = albumPageCount
        return ParallelWork.map(count: count - 1) { number in
            let page = number + 1
            let range = photoRange(onPage: page)
            var digest = StableDigest()
            digest.add(shared)
            digest.add(page)
            digest.add(min(count, page + 4))
            digest.add(range.lowerBound)
            digest.add(range.count)
            for index in range { digest.add(own[index]) }
            return digest.finalize()
        }
    }

    /// Photos a core takes at a time when digests are made on every core.
    private static let chunkSize = 1024

    /// Every field of ``digestedFields`` but the photos, their slugs, the
    /// sub-album cards (only their number) and the download (the first
    /// page's alone): what an album's pages share.
    private func addSharedFields(to digest: inout StableDigest) {
        digest.add(title)
        digest.add(description)
        digest.add(descriptionHTML)
        digest.add(geometry)
        digest.add(imageFolder)
        digest.add(foldHeight)
        digest.add(priorityCount)
        digest.add(publishesOriginals)
        digest.add(stripsOriginals)
        digest.add(largeSize)
        digest.add(path)
        digest.add(ancestors.count)
        for crumb in ancestors { digest.add([crumb.title, crumb.href]) }
        digest.add(albums.count)
        digest.add(isVirtual)
        digest.add(keywordHrefs.keys.sorted().flatMap { [$0, keywordHrefs[$0] ?? ""] })
        // The pages show only the icons' fixed names, never their source or
        // size: a carried album's pages, kept from the last build, stay right
        // (and keep their verdicts) when the home page's cover changes.
        digest.add(icons?.favicon.path)
        digest.add(icons?.touchIcon.path)
        digest.add(baseURL?.text)
        digest.add(shareImage)
        digest.add(shareImageAlt)
        digest.add(hasFeed)
        digest.add(photosPerPage)
        // The language names the strings; their text is the theme's (or
        // built in), which the context's theme key and version cover.
        digest.add(strings.language)
        if noindex { digest.add("noindex") }
        // Only when set, so a site without a credit keeps its digests.
        if let copyright { digest.add(["copyright", copyright]) }
    }

    /// Each type's stored properties that ``digest(context:)`` hashes.
    static let digestedFields: [String: [String]] = [
        "PageModel": ["title", "description", "descriptionHTML", "photos", "geometry", "imageFolder", "foldHeight", "priorityCount",
                      "publishesOriginals", "stripsOriginals", "largeSize", "slugs", "path", "ancestors", "albums", "isVirtual",
                      "keywordHrefs", "icons", "baseURL", "shareImage", "shareImageAlt", "hasFeed", "noindex", "photosPerPage",
                      "download", "strings", "copyright"],
        "Photo": ["fileName", "folder", "header", "details", "renditions", "alternates", "video", "rawCompanion", "liveVideo", "motion",
                  "motionWebM"],
        "AlternateRenditions": ["format", "files"],
        "ImageHeader": ["format", "storedSize", "orientation", "orientationSource", "isAnimated", "cleanAperture",
                        "video"],
        "PhotoDetails": ["title", "caption", "captionHTML", "alt", "keywords", "date", "dateSource", "camera", "exposure"],
        "CameraExposure": ["exposureTime", "fNumber", "iso", "focalLength", "focalLength35mm", "lensMake", "lensModel"],
        "PhotoDate": ["year", "month", "day", "hour", "minute", "second", "offsetMinutes"],
        "RenditionFile": ["width", "height", "path"],
        "Breadcrumb": ["title", "href"],
        "AlbumCard": ["name", "title", "photoCount", "videoCount", "albumCount", "dates", "cover"],
        "GridGeometry": ["gap", "padding", "breakpoints", "order", "minimumTileRatio"],
        "Breakpoint": ["columns", "minWidth", "maxWidth"],
        "VideoInfo": ["durationSeconds", "creationDate", "videoCodec", "audioCodec", "videoProfile", "hasLocation"],
    ]

    /// Stored properties left out of the digest, and why.
    static let undigestedFields: [String: [String: String]] = [
        // Pages show a photo's metadata only through its details (already
        // merged from it); the raw EXIF/XMP block is large.
        "ImageHeader": ["metadata": "pages read it only through PhotoDetails"],
        // Read to pair a Live Photo's movie with its still, never shown.
        "VideoInfo": ["contentIdentifier": "pairs a Live Photo's movie with its still during the scan"],
        // Made from the geometry, which is digested.
        "PageModel": ["tileSizes": "made from geometry, which the digest hashes"],
    ]
}

/// Feeds typed fields to a ``ContentHasher``, each length-prefixed or tagged,
/// so two different field sequences never feed the same bytes.
///
/// SHA-256, not a fast non-cryptographic hash: the fields are other people's
/// titles and captions, and an equal digest means the album's pages are not
/// rendered at all, so a chosen collision would publish the last build's
/// pages for changed ones. The hasher gathers the many small fields before
/// hashing, so they cost little more than their bytes.
struct StableDigest: ~Copyable {
    private var hasher = ContentHasher()

    mutating func add(_ text: String) {
        var text = text
        add(text.utf8.count)
        text.withUTF8 { hasher.combine(raw: UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ texts: [String]) {
        add(texts.count)
        for text in texts { add(text) }
    }

    mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    mutating func add(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { hasher.combine(raw: $0) }
    }

    mutating func add(_ value: Int?) {
        add(value != nil)
        if let value { add(value) }
    }

    mutating func add(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { hasher.combine(raw: $0) }
    }

    mutating func add(_ value: Double?) {
        add(value != nil)
        if let value { add(value) }
    }

    mutating func add(_ hash: ContentHash) {
        withUnsafeBytes(of: hash.words) { hasher.combine(raw: $0) }
    }

    mutating func add(_ flag: Bool) {
        withUnsafeBytes(of: UInt8(flag ? 1 : 0)) { hasher.combine(raw: $0) }
    }

    mutating func add(_ size: PixelSize?) {
        add(size != nil)
        if let size { add(size.width); add(size.height) }
    }

    mutating func add(_ file: RenditionFile?) {
        add(file != nil)
        if let file { add(file.width); add(file.height); add(file.path) }
    }

    mutating func add(_ date: PhotoDate?) {
        add(date != nil)
        guard let date else { return }
        add(date.year); add(date.month); add(date.day)
        add(date.hour); add(date.minute); add(date.second); add(date.offsetMinutes)
    }

    mutating func add(_ photo: Photo) {
        add(photo.fileName)
        add(photo.folder)
        let header = photo.header
        add(header.format.rawValue)
        add(header.storedSize)
        add(String(describing: header.orientation))
        add(String(describing: header.orientationSource))
        add(header.isAnimated)
        add(header.cleanAperture)
        add(header.video != nil)
        if let video = header.video {
            add(video.durationSeconds); add(video.creationDate); add(video.videoCodec); add(video.audioCodec)
            add(video.videoProfile)
            add(video.hasLocation)
        }
        let details = photo.details
        add(details.title); add(details.caption); add(details.captionHTML); add(details.alt); add(details.keywords)
        add(details.date); add(details.dateSource?.rawValue); add(details.camera)
        add(details.exposure)
        add(photo.renditions.count)
        for file in photo.renditions { add(file) }
        add(photo.alternates.count)
        for alternate in photo.alternates {
            add(alternate.format.rawValue)
            add(alternate.files.count)
            for file in alternate.files { add(file) }
        }
        add(photo.video)
        add(photo.liveVideo)
        add(photo.motion)
        add(photo.motionWebM)
        // Only when there is one: pages without RAW links keep the digests they had.
        if let raw = photo.rawCompanion { add(raw) }
    }

    mutating func add(_ exposure: CameraExposure?) {
        add(exposure != nil)
        guard let exposure else { return }
        add(exposure.exposureTime); add(exposure.fNumber); add(exposure.iso); add(exposure.focalLength)
        add(exposure.focalLength35mm); add(exposure.lensMake); add(exposure.lensModel)
    }

    mutating func add(_ card: AlbumCard) {
        add(card.name); add(card.title); add(card.photoCount); add(card.videoCount); add(card.albumCount)
        add(card.dates != nil)
        if let dates = card.dates { add(dates.earliest); add(dates.latest) }
        add(card.cover != nil)
        if let cover = card.cover { add(cover) }
    }

    mutating func add(_ geometry: GridGeometry) {
        add(geometry.gap); add(geometry.padding)
        add(geometry.breakpoints.count)
        for point in geometry.breakpoints { add(point.columns); add(point.minWidth); add(point.maxWidth) }
        add(String(describing: geometry.order))
        add(Int(geometry.minimumTileRatio.millionths))
    }

    consuming func finalize() -> ContentHash { hasher.finalize() }
}
