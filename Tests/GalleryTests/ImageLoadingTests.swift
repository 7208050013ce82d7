@testable import Gallery
import ImageHeaders
import Mustache
import Testing

/// Which tiles load eagerly: only those on the first screen at every column
/// count (each breakpoint at its narrowest width), so a phone fetches no
/// image below its first screen before the visitor scrolls.
struct EagerCase: Sendable, CustomTestStringConvertible {
    let id: String
    /// Display sizes of the photos, in order.
    let sizes: [(Int, Int)]
    let geometry: GridGeometry
    let foldHeight: Double
    let priorityCount: Int
    let eager: [Int]
    let priority: [Int]
    var testDescription: String { id }
}

private let oneColumn = GridGeometry(gap: 8, breakpoints: [Breakpoint(columns: 1, minWidth: 0, maxWidth: 480)])
private let square = Array(repeating: (1000, 1000), count: 8)

let eagerCases: [EagerCase] = [
    // One 320 px column: tops 0, 328, 656, 984 — three start above 660.
    EagerCase(id: "one column, squares", sizes: square, geometry: oneColumn, foldHeight: 660, priorityCount: 4,
              eager: [0, 1, 2], priority: [0, 1, 2]),
    EagerCase(id: "one column, squares, a taller fold", sizes: square, geometry: oneColumn, foldHeight: 1000,
              priorityCount: 4, eager: [0, 1, 2, 3], priority: [0, 1, 2, 3]),
    // Six columns show the first six squares at once, but one column shows
    // three: the other three stay lazy (they load anyway where they show).
    EagerCase(id: "standard, squares", sizes: square, geometry: .standard, foldHeight: 660, priorityCount: 4,
              eager: [0, 1, 2], priority: [0, 1, 2]),
    EagerCase(id: "standard, squares, one priority", sizes: square, geometry: .standard, foldHeight: 660,
              priorityCount: 1, eager: [0, 1, 2], priority: [0]),
    // 1:2 portraits: the second starts at 648 px in one column.
    EagerCase(id: "standard, portraits", sizes: Array(repeating: (1000, 2000), count: 6), geometry: .standard,
              foldHeight: 660, priorityCount: 4, eager: [0, 1], priority: [0, 1]),
    // A first photo taller than the fold is still eager: it starts at 0.
    EagerCase(id: "standard, a very tall first photo", sizes: [(500, 3000), (1000, 1000), (1000, 1000)],
              geometry: .standard, foldHeight: 660, priorityCount: 4, eager: [0], priority: [0]),
    // 4:1 panoramas: 80 + 8 px each in one column (eight start above 660),
    // but from two columns on they span two (GridGeometry.span): at three
    // columns of 800 px each is 0.25 · 530.67 + 8 = 140.67 px, so five.
    EagerCase(id: "standard, panoramas", sizes: Array(repeating: (4000, 1000), count: 12), geometry: .standard,
              foldHeight: 660, priorityCount: 4, eager: Array(0..<5), priority: [0, 1, 2, 3]),
]

@Test(arguments: eagerCases)
func eagerTilesAreThoseOnEveryFirstScreen(_ c: EagerCase) throws {
    let photos = c.sizes.enumerated().map { index, size in
        Photo(fileName: "p\(index).jpg",
              header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: size.0, height: size.1)))
    }
    let model = PageModel(title: "T", photos: photos, geometry: c.geometry, foldHeight: c.foldHeight,
                          priorityCount: c.priorityCount)
    guard case .object(let page) = model.value(generator: "test"), case .list(let tiles)? = page["tiles"] else {
        Issue.record("no tiles in the page's data")
        return
    }
    func flagged(_ key: String) -> [Int] {
        tiles.enumerated().compactMap { index, tile in
            guard case .object(let fields) = tile, case .bool(true)? = fields[key] else { return nil }
            return index
        }
    }
    let lazy = Set(flagged("lazy"))
    #expect(tiles.indices.filter { !lazy.contains($0) } == c.eager)
    #expect(flagged("priority") == c.priority)
}

/// The photo page's and viewer's box: the large image's width and its exact
/// ratio as integers, so no rounding makes the box differ from the image.
@Test(arguments: [(1600, 1067, "--pw:1600px;--pr:1600 / 1067"), (796, 1600, "--pw:796px;--pr:796 / 1600"),
                  (451, 0, "--pw:451px;--pr:451 / 1")])
func theLargeImagesBoxIsItsWidthAndExactRatio(width: Int, height: Int, style: String) {
    #expect(PageModel.largeStyle(width: width, height: height) == style)
}
