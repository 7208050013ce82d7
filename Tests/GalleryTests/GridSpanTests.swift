import Foundation
@testable import Gallery
import ImageHeaders
import Testing
import Waterfall

// Panoramas span columns on the album page; grids follow the build's order.

@Test(arguments: [
    (width: 1600, height: 270, columns: 1, span: 1),   // one column: nothing to span
    (width: 1600, height: 270, columns: 2, span: 2),   // 0.169 → 2 × 0.169 ≥ 1/3
    (width: 1600, height: 270, columns: 6, span: 2),
    (width: 1600, height: 351, columns: 4, span: 2),
    (width: 3, height: 1, columns: 6, span: 1),        // exactly a third: fits one column
    (width: 6, height: 1, columns: 6, span: 2),
    (width: 10, height: 1, columns: 6, span: 4),
    (width: 20, height: 1, columns: 6, span: 6),       // 7 wanted, capped at the column count
    (width: 20, height: 1, columns: 3, span: 3),
    (width: 4032, height: 3024, columns: 6, span: 1),
    (width: 900, height: 1600, columns: 6, span: 1),
])
func aFlatPhotoSpansTheFewestColumnsThatMakeItAThirdOfAColumnTall(width: Int, height: Int, columns: Int, span: Int) {
    #expect(GridGeometry.standard.span(of: Ratio(width: width, height: height), columns: columns) == span)
}

private let panoramaRatios = [Ratio(width: 4032, height: 3024), Ratio(width: 1600, height: 270),
                              Ratio(width: 3024, height: 4032), Ratio(width: 1080, height: 1080),
                              Ratio(width: 1600, height: 351), Ratio(width: 6000, height: 4000),
                              Ratio(width: 900, height: 1600), Ratio(width: 1600, height: 270)]

/// Every multi-column breakpoint at its narrowest width (never under a 320 px phone).
private let multiColumn = GridGeometry.standard.breakpoints.filter { $0.columns > 1 }

@Test(arguments: multiColumn)
func aPanoramaIsAtLeastAThirdOfAColumnTallAtTheNarrowestWidth(_ breakpoint: Breakpoint) throws {
    let geometry = GridGeometry.standard
    let grid = TileGrid(ratios: panoramaRatios, geometry: geometry)
    let position = try #require(geometry.breakpoints.firstIndex(of: breakpoint))
    let w = geometry.columnWidth(containerWidth: max(breakpoint.minWidth, 320), columns: breakpoint.columns)
    let frame = grid.plans[position].frames(columnWidth: w, columnGap: geometry.gap, rowGap: geometry.gap)[1]
    let minimum = geometry.minimumTileRatio.value * w
    #expect(frame.height >= minimum, "k=\(breakpoint.columns): \(frame.height) px < \(minimum) px")
    // One column wide it was 0.169 · w: 40 px at two columns of 480 px.
    #expect(frame.height >= 2 * (270.0 / 1600) * w)
    if breakpoint.columns == 2 { #expect(frame.height >= 80) }
}

/// Tile frames at column width `w` exactly as the stylesheet computes them from a rendered page.
private func frames(_ page: RenderedPage, k: Int, w: Double, gap: Double) -> [Frame] {
    page.tiles.map { tile in
        let span = Double(tile.style["--p\(k)"] ?? "1") ?? .nan
        let width = span * w + (span - 1) * gap
        return Frame(x: tile.number("--c\(k)") * (w + gap), y: tile.number("--s\(k)") * w + tile.number("--n\(k)") * gap,
                     width: width, height: tile.number("--r") * width)
    }
}

private func renderedPage(order: PlacementOrder) throws -> RenderedPage {
    let photos: [Photo] = (0..<150).map { index in
        let ratio = panoramaRatios[(index * 5) % panoramaRatios.count]
        let size = (1_000_000, Int(ratio.millionths))
        var photo = Photo(fileName: "IMG_\(index).jpg", header: ImageHeader(format: .jpeg,
                          storedSize: PixelSize(width: size.0, height: size.1)))
        photo.renditions = [RenditionFile(width: 640, height: max(1, 640 * size.1 / size.0), path: "r/\(index).jpg")]
        return photo
    }
    var geometry = GridGeometry.standard
    geometry.order = order
    let theme = try Theme.load(Repo.templates)
    let files = try theme.render([PageModel(title: "Wide", photos: photos, geometry: geometry)],
                                 generator: "Cascade test", strictTemplates: true)
    return try RenderedPage(html: #require(files.first { $0.path == "index.html" }).text)
}

@Test(arguments: [PlacementOrder.shortest, .balanced(lookahead: PlacementOrder.defaultLookahead)])
func spanningTilesNeverOverlapAndStayInTheirBandsAtEveryBreakpoint(_ order: PlacementOrder) throws {
    let page = try renderedPage(order: order)
    let geometry = GridGeometry.standard
    var spanning = 0
    for breakpoint in geometry.breakpoints {
        let k = breakpoint.columns
        spanning += page.tiles.filter { $0.style["--p\(k)"] != nil }.count
        for container in stride(from: max(breakpoint.minWidth, 296), through: breakpoint.maxWidth, by: 61.5) {
            let w = geometry.columnWidth(containerWidth: container, columns: k)
            let tiles = frames(page, k: k, w: w, gap: geometry.gap)
            let height = try #require(page.gridHeight(columns: k, columnWidth: w, gap: geometry.gap))
            for (tile, frame) in zip(page.tiles, tiles) {
                let top = tile.bandNumber("--bs\(k)") * w + (tile.bandNumber("--bn\(k)") - 1) * geometry.gap
                let bottom = top + tile.bandNumber("--bh\(k)") * w + (tile.bandNumber("--bm\(k)") + 2) * geometry.gap
                #expect(top <= frame.y - geometry.gap + 1e-6 && frame.maxY + geometry.gap <= bottom + 1e-6)
            }
            for (i, a) in tiles.enumerated() {
                #expect(a.x >= 0 && a.maxX <= container + 1e-6 && a.maxY <= height + 1e-6)
                for b in tiles[(i + 1)...] where a.x < b.maxX - 1e-6 && b.x < a.maxX - 1e-6 {
                    #expect(a.maxY <= b.y + 1e-6 || b.maxY <= a.y + 1e-6, "overlap at k=\(k) width \(container)")
                }
            }
            #expect(abs(tiles.map(\.maxY).max()! - height) < 1e-6)
        }
    }
    #expect(spanning > 100)  // the test is about spans: a quarter of the tiles at every multi-column count
}

@Test func aSpanningTileAsksForAWiderImage() {
    let geometry = GridGeometry.standard
    #expect(geometry.sizes(spans: [1, 1, 1, 1, 1, 1]) == geometry.sizesAttribute)
    #expect(geometry.sizes(spans: [1, 2, 2, 2, 2, 2])
            == "(min-width: 2224px) 34vw, (min-width: 1624px) 40vw, (min-width: 1224px) 50vw, (min-width: 824px) 67vw, (min-width: 504px) 100vw, 100vw")
    let grid = TileGrid(ratios: panoramaRatios, geometry: geometry)
    #expect(grid.spans(1) && !grid.spans(0))
    #expect(grid.tileStyle(1).contains("--p2:2") && !grid.tileStyle(1).contains("--p1:"))
    #expect(!grid.tileStyle(0).contains("--p"))
}

@Test func theOrderReachesThePlans() {
    var geometry = GridGeometry.standard
    let ratios = (0..<40).map { Ratio(millionths: Int64(400_000 + ($0 * 7919) % 1_600_000)) }
    geometry.order = .balanced(lookahead: 8)
    let balanced = TileGrid(ratios: ratios, geometry: geometry)
    geometry.order = .shortest
    let shortest = TileGrid(ratios: ratios, geometry: geometry)
    #expect(balanced.plans.allSatisfy { $0.order == .balanced(lookahead: 8) })
    #expect(balanced.plans.map { $0.tiles.map(\.column) } != shortest.plans.map { $0.tiles.map(\.column) })
}
