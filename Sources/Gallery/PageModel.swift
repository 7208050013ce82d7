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
    public var photos: [Photo]
    public var geometry: GridGeometry
    /// Folder (relative to the page) holding the images the tiles show.
    public var imageFolder: String
    /// Tiles whose top lies within this many px of the grid's top at some
    /// breakpoint's narrowest width load eagerly; the rest are lazy.
    public var foldHeight: Double

    public init(title: String, photos: [Photo], geometry: GridGeometry = .standard,
                imageFolder: String = "photos", foldHeight: Double = 1000) {
        self.title = title
        self.photos = photos
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

    /// The template data.
    public func value(generator: String) -> Value {
        let plans = plans()
        var tiles: [Value] = []
        tiles.reserveCapacity(photos.count)
        for (index, photo) in photos.enumerated() {
            let placed = plans.map { $0.tiles[index] }
            let url = URLPath.relative([imageFolder, photo.fileName])
            tiles.append(.object([
                "index": .int(index + 1),
                "href": .string(url),
                "src": .string(url),
                "alt": .string(photo.title),
                "fileName": .string(photo.fileName),
                "width": .int(photo.displayWidth),
                "height": .int(photo.displayHeight),
                "ratio": .string(placed.first.map { $0.ratio.description } ?? "1"),
                "style": .string(tileStyle(placed)),
                "lazy": .bool(!isAboveTheFold(placed)),
            ]))
        }
        let breakpoints: [Value] = geometry.breakpoints.map { breakpoint in
            .object([
                "columns": .int(breakpoint.columns),
                "minWidth": .string(Self.css(breakpoint.minWidth)),
            ])
        }
        return .object([
            "title": .string(title),
            "generator": .string(generator),
            "count": .int(photos.count),
            "countLabel": .string(photos.count == 1 ? "1 photo" : "\(photos.count) photos"),
            "gap": .string(Self.css(geometry.gap)),
            "breakpoints": .list(breakpoints),
            "gridStyle": .string(gridStyle(plans)),
            "tiles": .list(tiles),
        ])
    }

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
