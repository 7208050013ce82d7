import Mustache
import Waterfall

/// Turns one album's photos and sub-albums and the grid geometry into the
/// data its pages receive. Pure: every position is computed here, none in
/// the browser.
///
/// Per tile and per column count `k` the model carries `--ck` (column), `--sk`
/// (sum of the height ÷ width ratios above it) and `--nk` (tiles above it); the
/// stylesheet turns them into `left`/`top` for the live column width. The grid
/// carries `--hk`, its exact height for each `k`.
public struct PageModel: Sendable {
    public var title: String
    /// The album's description, paragraphs separated by blank lines.
    public var description: String?
    /// ``description`` as safe HTML when it came from sigal's Markdown
    /// (``MarkdownHTML``); templates print it raw as `descriptionHTML`.
    var descriptionHTML: String?
    public var photos: [Photo]
    public var geometry: GridGeometry {
        didSet { tileSizes = geometry.sizesAttribute }
    }
    /// ``GridGeometry/sizesAttribute`` of ``geometry``: every tile's `sizes`
    /// but a panorama's, made once rather than for each of 2,000 tiles a page.
    private(set) var tileSizes: String
    /// Folder (relative to the page) holding the images the tiles show.
    var imageFolder: String
    /// Tiles whose top lies within this many px of the grid's top at every
    /// breakpoint's narrowest width load eagerly; the rest are lazy. Nil
    /// (the default): within ``firstScreen`` of the page's top, the album
    /// header's estimated height (``headerHeights(page:)``) above the grid.
    var foldHeight: Double?
    /// How many of the first eager tiles get `fetchpriority="high"`.
    var priorityCount: Int
    /// Whether the originals are published beside the renditions (`original` link).
    var publishesOriginals = false
    /// Whether originals lose their metadata (`--originals` without
    /// `--keep-metadata`): then only formats Cascade can strip are offered.
    var stripsOriginals = false
    /// The box the large image fits (``WidthLadder/large``): the page's large
    /// image is the biggest rendition inside it.
    var largeSize = WidthLadder.standard.large
    /// Each photo's slug (its page is `<slug>.html`), in photo order.
    let slugs: [String]
    /// The album's folder names from the site's root (empty for the home page).
    public var path: [String] = []
    /// The albums above this one, the home page first: the breadcrumbs.
    var ancestors: [Breadcrumb] = []
    /// The sub-albums, shown as cover tiles before the photos.
    public var albums: [AlbumCard] = []
    /// A keyword album (its photos' own pages are elsewhere too).
    var isVirtual = false
    /// Each keyword's album page from the site's root, by lowercased keyword
    /// (empty without `keywordAlbums`).
    var keywordHrefs: [String: String] = [:]
    /// The site's favicon and touch icon, square crops of the home page's
    /// cover (so browsers do not ask for a `/favicon.ico` that is not there).
    var icons: SiteIcons?
    /// Where the site will be published (`--base-url`): only with it do the
    /// pages carry absolute URLs (`og:url`, `og:image`, the canonical link).
    public var baseURL: BaseURL?
    /// The album page's picture for link previews: the rendition of its
    /// cover closest to 1200 px wide (``PageModel/shareRendition(_:)``).
    var shareImage: RenditionFile?
    /// The cover's alt text, for `og:image:alt`.
    var shareImageAlt: String?
    /// Whether the album has an Atom feed, `feed.xml` beside its page.
    var hasFeed = false
    /// An unlisted album's (or one below it): its pages ask robots not to
    /// index them or follow their links (`noindex`), and no feed or sitemap lists them.
    var noindex = false
    /// The album's `"copyright"`, credited on each photo page (`{{copyright}}`).
    var copyright: String?
    /// At most this many photos on one album page (0: all on one): past it
    /// the album page is `index.html`, `page2.html`, `page3.html`…
    /// (``albumPageName(_:)``).
    public var photosPerPage = PageModel.defaultPhotosPerPage
    /// The album's ZIP download, linked from its first page (`--zip`).
    var download: AlbumDownload?
    /// The interface text of the album's language (`lang`, `strings`, and
    /// every label the model computes: counts, positions, dates).
    public var strings = LanguageStrings.english

    /// `folders` are the names of the sub-albums' folders beside the pages:
    /// a photo's page never takes one of their names (`x.html`).
    public init(title: String, description: String? = nil, photos: [Photo], geometry: GridGeometry = .standard,
                imageFolder: String = "photos", foldHeight: Double? = nil, priorityCount: Int = 4,
                folders: [String] = []) {
        self.init(title: title, description: description, photos: photos, geometry: geometry, imageFolder: imageFolder,
                  foldHeight: foldHeight, priorityCount: priorityCount, folders: folders, slugs: nil)
    }

    /// As the public initializer; a build's models take their slugs from `slugs` (``SlugMemo``).
    init(title: String, description: String? = nil, photos: [Photo], geometry: GridGeometry = .standard,
         imageFolder: String = "photos", foldHeight: Double? = nil, priorityCount: Int = 4,
         folders: [String] = [], slugs: SlugMemo?) {
        self.title = title
        self.description = description
        self.photos = photos
        let reserved = folders.compactMap { name -> String? in
            name.lowercased().hasSuffix(".html") ? String(name.dropLast(5)) : nil
        }
        let names = photos.map(\.fileName)
        self.slugs = slugs?.slugs(for: names, reserving: reserved) ?? PhotoSlug.slugs(for: names, reserving: reserved)
        self.priorityCount = priorityCount
        self.geometry = geometry
        tileSizes = geometry.sizesAttribute
        self.imageFolder = imageFolder
        self.foldHeight = foldHeight
    }

    /// A common phone's first screen, in CSS px (844: iPhone 12–16): the
    /// tiles whose top is above it at every breakpoint load eagerly.
    public static let firstScreen: Double = 844

    /// The plan for each breakpoint, in breakpoint order.
    public func plans() -> [ColumnPlan] { photoGrid.plans }

    var photoGrid: TileGrid { photoGrid(photos.indices) }

    /// The grid of the photos in `range`, placed from the top as one page's.
    func photoGrid(_ range: Range<Int>) -> TileGrid {
        TileGrid(ratios: photos[range].map { Ratio(width: $0.displayWidth, height: $0.displayHeight) }, geometry: geometry)
    }

    /// The covers' grid: in as many columns as there are covers, none wider
    /// than ``AlbumCard/maxColumnWidth``, so one cover is not alone in a row
    /// of four nor stretched across a wide screen.
    var albumGrid: TileGrid {
        var grid = TileGrid(ratios: albums.map(\.ratio), geometry: geometry)
        grid.columnLimit = albums.count
        grid.maxColumnWidth = AlbumCard.maxColumnWidth
        return grid
    }

    /// Album page `page`'s data (see the README's template variables): the
    /// sub-albums on the first page only, and the tiles of the photos
    /// ``photoRange(onPage:)`` gives, placed as a grid of their own.
    public func value(generator: String, fields: [[String: Value]]? = nil, page: Int = 0) -> Value {
        let fields = fields ?? allPhotoFields()
        var album = commonFields(generator: generator)
        if page > 0 { dropTotals(from: &album) }
        let showsAlbums = page == 0 && !albums.isEmpty
        let covers = albumGrid
        let coverHeights = covers.heightsAtNarrowest
        // An explicit fold counts from the grid's top; else the first screen from the page's.
        let fold = foldHeight ?? Self.firstScreen
        let headers = foldHeight == nil ? headerHeights(page: page) : geometry.breakpoints.map { _ in 0 }
        if showsAlbums {
            let slugs = albumSlugs
            album["albums"] = .list(albums.indices.map { index in
                var card = albumFields(index, slug: slugs[index])
                card["style"] = .string(covers.tileStyle(index) + (albums[index].maxWidth.map { ";--mw:\($0)px" } ?? ""))
                if covers.spans(index), card["sizes"] != nil { card["sizes"] = .string(covers.sizes(index)) }
                let lazy = !covers.isAboveTheFold(index, foldHeight: fold, offsets: headers)
                card["lazy"] = .bool(lazy)
                card["priority"] = .bool(!lazy && index < priorityCount)
                return .object(card)
            })
            album["albumsGridStyle"] = .string(covers.gridStyle + covers.limitStyle)
        }
        let range = photoRange(onPage: page)
        let grid = photoGrid(range)
        // The photos' grid starts below the covers' (and the gap between them).
        let offsets = zip(headers, coverHeights).map { $0 + (showsAlbums ? $1 + 3 * geometry.gap : 0) }
        let priorityLeft = max(0, priorityCount - (showsAlbums ? albums.count : 0))
        var tiles: [Value] = []
        tiles.reserveCapacity(range.count)
        for index in 0..<range.count {
            var tile = page > 0 ? laterPageTile(range.lowerBound + index, fields[range.lowerBound + index])
                : fields[range.lowerBound + index]
            let lazy = !grid.isAboveTheFold(index, foldHeight: fold, offsets: offsets)
            tile["ratio"] = .string(grid.placed(index).first.map { $0.ratio.description } ?? "1")
            tile["style"] = .string(grid.tileStyle(index))
            // A panorama spanning columns is shown wider: its image choice follows.
            if grid.spans(index), tile["sizes"] != nil { tile["sizes"] = .string(grid.sizes(index)) }
            tile["lazy"] = .bool(lazy)
            tile["priority"] = .bool(!lazy && index < priorityLeft)
            tiles.append(.object(tile))
        }
        // The same tiles grouped in bands the browser skips off screen, each
        // tile placed from its band's top (the default theme's page uses these).
        album["bands"] = .list(grid.bands.map { band in
            .object([
                "style": .string(band.style),
                "tiles": .list(band.tiles.map { index in
                    guard case .object(var tile) = tiles[index] else { return tiles[index] }
                    tile["style"] = .string(grid.tileStyle(index, in: band))
                    return .object(tile)
                }),
            ])
        })
        let breakpoints: [Value] = geometry.breakpoints.map { breakpoint in
            .object([
                "columns": .int(breakpoint.columns),
                "minWidth": .string(Self.css(breakpoint.minWidth)),
            ])
        }
        album["gap"] = .string(Self.css(geometry.gap))
        album["padding"] = .string(Self.css(geometry.padding))
        album["breakpoints"] = .list(breakpoints)
        album["gridStyle"] = .string(grid.gridStyle)
        album["tiles"] = .list(tiles)
        album["share"] = albumShare(page: page)
        if hasFeed { album["feed"] = .object(["href": .string("feed.xml"), "title": .string(title)]) }
        album["hasAlbums"] = .bool(showsAlbums)
        album["pageTitle"] = .string(page > 0 ? strings.format("pagedTitle", ["album": title, "page": pageLabel(page)]) : title)
        if let pagination = paginationValue(page: page) { album["pagination"] = pagination }
        if let download = downloadValue(page: page) { album["download"] = download }
        return .object(album)
    }

    /// Fields every page receives.
    func commonFields(generator: String) -> [String: Value] {
        var fields: [String: Value] = [
            "title": .string(title),
            "generator": .string(generator),
            "root": .string(root),
            "albumHref": .string("index.html"),
            "count": .int(photos.count),
            "albumCount": .int(albums.count),
            "countLabel": .string(countLabel),
            "lang": .string(strings.language),
            "strings": strings.templateValue(generator: generator),
            "viewerStringsJSON": .string(strings.viewerJSON),
        ]
        if let icons {
            for (name, icon) in [("icon", icons.favicon), ("touchIcon", icons.touchIcon)] {
                // No `sizes`: a page names nothing that follows the cover (``SiteIcons``).
                fields[name] = .object(["href": .string(renditionURL(icon)), "type": .string("image/png")])
            }
        }
        fields["noindex"] = .bool(noindex)
        fields["hasBreadcrumbs"] = .bool(!ancestors.isEmpty)
        fields["breadcrumbs"] = .list(ancestors.map { .object(["title": .string($0.title), "href": .string($0.href)]) })
        fields["currentTitle"] = .string(title)
        fields["hasAlbums"] = .bool(!albums.isEmpty)
        fields["hasPhotos"] = .bool(!photos.isEmpty)
        if let description {
            fields["description"] = .list(description.components(separatedBy: "\n\n").map { .string($0) })
        }
        if let descriptionHTML { fields["descriptionHTML"] = .string(descriptionHTML) }
        return fields
    }

    /// `photoFields` of every photo, computed once for all the pages that use them.
    func allPhotoFields() -> [[String: Value]] {
        photos.indices.map(photoFields)
    }

    /// What a tile and a photo page both say about photo `index`.
    func photoFields(_ index: Int) -> [String: Value] {
        let photo = photos[index]
        let position = index + 1
        let original = URLPath.relative([imageFolder, photo.fileName])
        let tile = photo.tileRendition
        let large = photo.renditions.last { $0.width <= largeSize && $0.height <= largeSize } ?? photo.renditions.first
        let src = tile.map(renditionURL) ?? original
        let alt = PhotoText.alt(of: photo, position: position, count: photos.count, strings: strings)
        let largeWidth = large?.width ?? photo.displayWidth, largeHeight = large?.height ?? photo.displayHeight
        var fields: [String: Value] = [
            "wide": .bool(Self.isWide(width: largeWidth, height: largeHeight)),
            "index": .int(position),
            "slug": .string(slugs[index]),
            "id": .string("p-" + slugs[index]),
            "page": .string(pageURL(index)),
            "href": .string(pageURL(index)),
            "src": .string(src),
            "alt": .string(alt),
            "heading": .string(PhotoText.heading(of: photo, position: position, count: photos.count, strings: strings)),
            "fileName": .string(photo.fileName),
            "width": .int(photo.displayWidth),
            "height": .int(photo.displayHeight),
            "large": .object([
                "src": .string(large.map(renditionURL) ?? original),
                "width": .int(largeWidth),
                "height": .int(largeHeight),
                "style": .string(Self.largeStyle(width: largeWidth, height: largeHeight)),
            ]),
            "position": .string(strings.position(position, of: photos.count)),
        ]
        fields["picture"] = .bool(!photo.renditions.isEmpty && !photo.alternates.isEmpty)
        fields["sources"] = .list(photo.renditions.isEmpty ? [] : sources(photo))
        if !photo.renditions.isEmpty {
            fields["srcset"] = .string(srcset(photo))
            fields["sizes"] = .string(tileSizes)
            if let large {
                fields["pageSizes"] = .string(Self.photoPageSizes(width: large.width, height: large.height,
                                                                  wide: Self.isWide(width: largeWidth, height: largeHeight)))
            }
        }
        if let video = photo.video {
            // Played in the large image's box, its poster the large rendition,
            // the box never smaller than the player's controls need.
            let box = Self.videoBox(width: largeWidth, height: largeHeight)
            let style = Self.largeStyle(width: box.width, height: box.height)
            fields["wide"] = .bool(Self.isWide(width: box.width, height: box.height))
            if case .object(var largeFields)? = fields["large"] {
                largeFields["style"] = .string(style)
                fields["large"] = .object(largeFields)
            }
            fields["video"] = .object([
                "src": .string(renditionURL(video)),
                "type": .string(video.path.hasSuffix(".webm") ? "video/webm" : "video/mp4"),
                "poster": .string(large.map(renditionURL) ?? src),
                "width": .int(box.width),
                "height": .int(box.height),
                "style": .string(style),
            ])
        }
        addMotion(of: photo, large: fields["large"], poster: large.map(renditionURL) ?? src, to: &fields)
        if publishesOriginals && Originals.publishes(photo, policy: stripsOriginals ? .stripped : .asIs) {
            fields["original"] = .string(original)
        }
        if publishesOriginals && Originals.publishesRaw(photo, policy: stripsOriginals ? .stripped : .asIs),
           let raw = photo.rawCompanion {
            fields["raw"] = .string(URLPath.relative([imageFolder, raw]))
        }
        if let caption = photo.details.caption {
            fields["caption"] = .string(caption)
            fields["captionIsAlt"] = .bool(caption == alt)
            if let html = photo.details.captionHTML { fields["captionHTML"] = .string(html) }
        }
        // The heading is the title (or, for a Markdown caption, never the
        // caption), so the caption is shown under it.
        fields["captionBelowHeading"] = .bool(photo.details.caption != nil
                                              && (photo.details.title != nil || photo.details.captionHTML != nil))
        if let date = photo.details.date {
            var dateFields: [String: Value] = ["machine": .string(date.machineText), "text": .string(strings.date(date))]
            if let source = photo.details.dateSource { dateFields["source"] = .string(source.rawValue) }
            fields["date"] = .object(dateFields)
        }
        if let camera = CameraDetails(photo.details, strings: strings) { fields["camera"] = camera.value(strings) }
        if let title = photo.details.title { fields["title"] = .string(title) }
        fields["hasKeywords"] = .bool(!photo.details.keywords.isEmpty)
        fields["keywords"] = .list(photo.details.keywords.map { keyword in
            // `hasLink` is always set, so the section never finds an outer value.
            var item: [String: Value] = ["name": .string(keyword), "hasLink": .bool(false)]
            if let href = keywordHrefs[keyword.lowercased()] {
                item["hasLink"] = .bool(true)
                item["url"] = .string(root + href)
            }
            return .object(item)
        })
        return fields
    }

    /// `../../` from this album's pages to the site's root ("" on the home page).
    public var root: String { String(repeating: "../", count: path.count) }

    /// A rendition's URL from this album's pages.
    func renditionURL(_ rendition: RenditionFile) -> String {
        // Cascade's own names (hex digits, `-`, `.`, one folder) need no
        // encoding: taken as they are, which a page of 2,000 tiles with five
        // widths each asks 10,000 times. Anything else is encoded.
        var previous = UInt8(ascii: "/")
        let plain = rendition.path.utf8.allSatisfy { byte in
            defer { previous = byte }
            return URLPath.isUnreserved(byte) || (byte == UInt8(ascii: "/") && previous != byte)
        } && previous != UInt8(ascii: "/")
        if plain { return root + rendition.path }
        return root + URLPath.relative(rendition.path.split(separator: "/").map(String.init))
    }

    /// The large image's box for the stylesheet, `--pw:1600px;--pr:1600 / 1067`:
    /// its width (never shown wider) and its exact ratio, so the photo page
    /// reserves the image's box before a byte of it arrives and nothing
    /// below it moves when it does (the width/height attributes alone give
    /// no box to an image whose CSS width is `auto`).
    static func largeStyle(width: Int, height: Int) -> String {
        "--pw:\(width)px;--pr:\(width) / \(max(1, height))"
    }

    /// The smallest box a video player is given: below it a player's own
    /// controls cover the picture.
    static let minimumVideoBox = (width: 320, height: 180)

    /// A video's box on its page: its own size, widened (keeping its ratio)
    /// to the minimum width and made taller to the minimum height; the
    /// player letterboxes the picture inside. The box is what the page
    /// reserves, so enlarging it moves nothing when the video loads.
    static func videoBox(width: Int, height: Int) -> (width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard width < minimumVideoBox.width || height < minimumVideoBox.height else { return (width, height) }
        let wide = max(width, minimumVideoBox.width)
        let scaled = (height * wide + width / 2) / width
        return (wide, max(scaled, minimumVideoBox.height))
    }

    func srcset(_ photo: Photo) -> String {
        srcset(photo.renditions)
    }

    func srcset(_ files: [RenditionFile]) -> String {
        files.map { renditionURL($0) + " \($0.width)w" }.joined(separator: ", ")
    }

    /// A `<picture>`'s `<source>`s before the JPEG `<img>`: `type` and
    /// `srcset` of each alternate format (AVIF, then WebP), so a browser takes
    /// the first it reads; the `sizes` are the `<img>`'s.
    func sources(_ photo: Photo) -> [Value] {
        photo.alternates.filter { !$0.files.isEmpty }.map { alternate in
            .object(["type": .string(alternate.format.mediaType), "srcset": .string(srcset(alternate.files))])
        }
    }

    /// `name` (a file of this album's folder) relative to the output folder.
    func outputPath(_ name: String) -> String {
        path.isEmpty ? name : (path + [name]).joined(separator: "/")
    }

    /// The photo page's file name, `<slug>.html`.
    func pagePath(_ index: Int) -> String { slugs[index] + ".html" }

    /// The photo page's URL from another page of the album (percent-encoded).
    func pageURL(_ index: Int) -> String { URLPath.relative([pagePath(index)]) }

    /// CSS number text: integers without a decimal point, others with up to 3 decimals.
    static func css(_ value: Double) -> String {
        let thousandths = Int64((value * 1000).rounded())
        return Ratio(millionths: thousandths * 1000).description
    }
}
