import Mustache
import Waterfall

/// Turns scanned photos and the grid geometry into the data the templates
/// receive. Pure: every position is computed here, none in the browser.
///
/// Per tile and per column count `k` the model carries `--ck` (column), `--sk`
/// (sum of the height ÷ width ratios above it) and `--nk` (tiles above it); the
/// stylesheet turns them into `left`/`top` for the live column width. The grid
/// carries `--hk`, its exact height for each `k`.
public struct PageModel: Sendable {
    public var title: String
    /// The album's description, paragraphs separated by blank lines.
    public var description: String?
    public var photos: [Photo]
    public var geometry: GridGeometry
    /// Folder (relative to the page) holding the images the tiles show.
    public var imageFolder: String
    /// Tiles whose top lies within this many px of the grid's top at some
    /// breakpoint's narrowest width load eagerly; the rest are lazy.
    public var foldHeight: Double
    /// How many of the first eager tiles get `fetchpriority="high"`.
    public var priorityCount: Int
    /// Whether the originals are published beside the renditions (`original` link).
    public var publishesOriginals = false
    /// The box the large image fits (``WidthLadder/large``): the page's large
    /// image is the biggest rendition inside it.
    public var largeSize = WidthLadder.standard.large
    /// Each photo's slug (its page is `<slug>.html`), in photo order.
    public let slugs: [String]

    public init(title: String, description: String? = nil, photos: [Photo], geometry: GridGeometry = .standard,
                imageFolder: String = "photos", foldHeight: Double = 1000, priorityCount: Int = 4) {
        self.title = title
        self.description = description
        self.photos = photos
        self.slugs = PhotoSlug.slugs(for: photos.map(\.fileName))
        self.priorityCount = priorityCount
        self.geometry = geometry
        self.imageFolder = imageFolder
        self.foldHeight = foldHeight
    }

    /// The plan for each breakpoint, in breakpoint order.
    public func plans() -> [ColumnPlan] {
        let ratios = photos.map { Ratio(width: $0.displayWidth, height: $0.displayHeight) }
        return geometry.breakpoints.map { breakpoint in
            ColumnPlan(
                ratios: ratios,
                columnCount: breakpoint.columns,
                referenceColumnWidth: geometry.columnWidth(
                    containerWidth: breakpoint.referenceWidth, columns: breakpoint.columns),
                rowGap: geometry.gap)
        }
    }

    /// The album page's data (see the README's template variables).
    public func value(generator: String, fields: [[String: Value]]? = nil) -> Value {
        let fields = fields ?? allPhotoFields()
        let plans = plans()
        var tiles: [Value] = []
        tiles.reserveCapacity(photos.count)
        for index in photos.indices {
            let placed = plans.map { $0.tiles[index] }
            var tile = fields[index]
            let lazy = !isAboveTheFold(placed)
            tile["ratio"] = .string(placed.first.map { $0.ratio.description } ?? "1")
            tile["style"] = .string(tileStyle(placed))
            tile["lazy"] = .bool(lazy)
            tile["priority"] = .bool(!lazy && index < priorityCount)
            tiles.append(.object(tile))
        }
        let breakpoints: [Value] = geometry.breakpoints.map { breakpoint in
            .object([
                "columns": .int(breakpoint.columns),
                "minWidth": .string(Self.css(breakpoint.minWidth)),
            ])
        }
        var album = commonFields(generator: generator)
        album["gap"] = .string(Self.css(geometry.gap))
        album["padding"] = .string(Self.css(geometry.padding))
        album["breakpoints"] = .list(breakpoints)
        album["gridStyle"] = .string(gridStyle(plans))
        album["tiles"] = .list(tiles)
        return .object(album)
    }

    /// Fields every page receives.
    func commonFields(generator: String) -> [String: Value] {
        var fields: [String: Value] = [
            "title": .string(title),
            "generator": .string(generator),
            "root": .string(""),
            "albumHref": .string("index.html"),
            "count": .int(photos.count),
            "countLabel": .string(photos.count == 1 ? "1 photo" : "\(photos.count) photos"),
        ]
        if let description {
            fields["description"] = .list(description.components(separatedBy: "\n\n").map { .string($0) })
        }
        return fields
    }

    /// `photoFields` of every photo, computed once for all the pages that use them.
    public func allPhotoFields() -> [[String: Value]] {
        photos.indices.map(photoFields)
    }

    /// What a tile and a photo page both say about photo `index`.
    func photoFields(_ index: Int) -> [String: Value] {
        let photo = photos[index]
        let position = index + 1
        let original = URLPath.relative([imageFolder, photo.fileName])
        let tile = photo.tileRendition
        let large = photo.renditions.last { $0.width <= largeSize && $0.height <= largeSize } ?? photo.renditions.first
        let src = tile.map { URLPath.relative($0.path.split(separator: "/").map(String.init)) } ?? original
        let alt = PhotoText.alt(of: photo, position: position, count: photos.count)
        var fields: [String: Value] = [
            "index": .int(position),
            "slug": .string(slugs[index]),
            "id": .string("p-" + slugs[index]),
            "page": .string(pageURL(index)),
            "href": .string(pageURL(index)),
            "src": .string(src),
            "alt": .string(alt),
            "heading": .string(PhotoText.heading(of: photo, position: position, count: photos.count)),
            "fileName": .string(photo.fileName),
            "width": .int(photo.displayWidth),
            "height": .int(photo.displayHeight),
            "large": .object([
                "src": .string(large.map { URLPath.relative($0.path.split(separator: "/").map(String.init)) } ?? original),
                "width": .int(large?.width ?? photo.displayWidth),
                "height": .int(large?.height ?? photo.displayHeight),
            ]),
            "position": .string("\(position) of \(photos.count)"),
        ]
        if !photo.renditions.isEmpty {
            fields["srcset"] = .string(photo.renditions.map { rendition in
                URLPath.relative(rendition.path.split(separator: "/").map(String.init)) + " \(rendition.width)w"
            }.joined(separator: ", "))
            fields["sizes"] = .string(geometry.sizesAttribute)
        }
        if publishesOriginals {
            fields["original"] = .string(original)
        }
        if let caption = photo.details.caption {
            fields["caption"] = .string(caption)
            fields["captionIsAlt"] = .bool(caption == alt)
        }
        if let date = photo.details.date {
            fields["date"] = .object(["machine": .string(date.machineText), "text": .string(date.displayText)])
        }
        if let camera = photo.details.camera { fields["camera"] = .string(camera) }
        return fields
    }

    /// The photo page's file name, `<slug>.html`.
    public func pagePath(_ index: Int) -> String { slugs[index] + ".html" }

    /// The photo page's URL from another page of the album (percent-encoded).
    func pageURL(_ index: Int) -> String { URLPath.relative([pagePath(index)]) }

    private func tileStyle(_ placed: [PlacedTile]) -> String {
        var parts = ["--r:\(placed.first?.ratio.description ?? "1")"]
        for (breakpoint, tile) in zip(geometry.breakpoints, placed) {
            let k = breakpoint.columns
            parts.append("--c\(k):\(tile.column);--s\(k):\(tile.above);--n\(k):\(tile.rowsAbove)")
        }
        return parts.joined(separator: ";")
    }

    /// `--hk: max(S₀·w + (n₀−1)·gap, S₁·w + …)` over the non-empty columns.
    private func gridStyle(_ plans: [ColumnPlan]) -> String {
        zip(geometry.breakpoints, plans).map { breakpoint, plan in
            let terms = plan.columns.filter { $0.count > 0 }.map { column in
                "\(column.ratios) * var(--w) + \(column.count - 1) * var(--gap)"
            }
            let height = terms.isEmpty ? "0px" : "max(\(terms.joined(separator: ", ")))"
            return "--h\(breakpoint.columns):\(height)"
        }.joined(separator: ";")
    }

    private func isAboveTheFold(_ placed: [PlacedTile]) -> Bool {
        zip(geometry.breakpoints, placed).contains { breakpoint, tile in
            let w = geometry.columnWidth(containerWidth: max(breakpoint.minWidth, 320), columns: breakpoint.columns)
            return tile.above.value * w + Double(tile.rowsAbove) * geometry.gap < foldHeight
        }
    }

    /// CSS number text: integers without a decimal point, others with up to 3 decimals.
    static func css(_ value: Double) -> String {
        let thousandths = Int64((value * 1000).rounded())
        return Ratio(millionths: thousandths * 1000).description
    }
}
