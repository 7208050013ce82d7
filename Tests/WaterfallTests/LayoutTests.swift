import Testing
@testable import Waterfall
import SeededRandom

func randomAspects(count: Int, seed: UInt64) -> [Double] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { _ in Double.random(in: 0.25...4, using: &rng) }
}

struct LayoutCase: Sendable, CustomTestStringConvertible {
    var columns: Int
    var columnGap: Double
    var rowGap: Double
    var insets: Insets
    var width: Double
    var count: Int
    var testDescription: String { "k=\(columns) gap=\(columnGap)/\(rowGap) W=\(width) n=\(count)" }
}

let layoutCases: [LayoutCase] = [
    LayoutCase(columns: 1, columnGap: 0, rowGap: 0, insets: .zero, width: 320, count: 10),
    LayoutCase(columns: 2, columnGap: 8, rowGap: 8, insets: .all(8), width: 360, count: 57),
    LayoutCase(columns: 3, columnGap: 15, rowGap: 10, insets: .all(10), width: 1024, count: 200),
    LayoutCase(columns: 5, columnGap: 5, rowGap: 5, insets: .zero, width: 1920, count: 333),
    LayoutCase(columns: 6, columnGap: 12, rowGap: 20, insets: Insets(top: 3, left: 7, bottom: 11, right: 13), width: 3840, count: 1000),
]

@Test(arguments: layoutCases)
func framesDoNotOverlapAndStayInside(_ c: LayoutCase) {
    let engine = WaterfallLayout(columnCount: c.columns, columnGap: c.columnGap, rowGap: c.rowGap, insets: c.insets)
    let layout = engine.layout(aspectRatios: randomAspects(count: c.count, seed: UInt64(c.count)), containerWidth: c.width)
    #expect(layout.frames.count == c.count)
    for (i, a) in layout.frames.enumerated() {
        #expect(a.x >= c.insets.left - 1e-9)
        #expect(a.maxX <= c.width - c.insets.right + 1e-9)
        #expect(a.y >= c.insets.top)
        #expect(a.maxY <= layout.contentHeight - c.insets.bottom + 1e-9)
        for b in layout.frames[(i + 1)...] {
            #expect(!a.overlaps(b), "\(a) overlaps \(b)")
        }
    }
}

@Test(arguments: layoutCases)
func columnsStackWithExactlyTheRowGap(_ c: LayoutCase) {
    let engine = WaterfallLayout(columnCount: c.columns, columnGap: c.columnGap, rowGap: c.rowGap, insets: c.insets)
    let layout = engine.layout(aspectRatios: randomAspects(count: c.count, seed: 7), containerWidth: c.width)
    var previous = [Frame?](repeating: nil, count: c.columns)
    for (frame, column) in zip(layout.frames, layout.columns) {
        #expect(frame.x == engine.x(ofColumn: column, columnWidth: frame.width))
        if let above = previous[column] {
            #expect(frame.y == above.maxY + c.rowGap)
        } else {
            #expect(frame.y == c.insets.top)
        }
        previous[column] = frame
    }
    let tallest = previous.compactMap { $0?.maxY }.max() ?? c.insets.top
    #expect(layout.contentHeight == tallest + c.insets.bottom)
}

@Test func eachItemGoesIntoTheShortestColumnTiesLeftmost() {
    let engine = WaterfallLayout(columnCount: 4, columnGap: 10, rowGap: 10)
    let aspects = randomAspects(count: 300, seed: 42)
    let layout = engine.layout(aspectRatios: aspects, containerWidth: 1000)
    var nextY = [Double](repeating: 0, count: 4)
    var used = [Bool](repeating: false, count: 4)
    for (frame, column) in zip(layout.frames, layout.columns) {
        let bottoms = (0..<4).map { used[$0] ? nextY[$0] - 10 : 0 }
        let minimum = bottoms.min()!
        #expect(column == bottoms.firstIndex(of: minimum)!)
        nextY[column] = frame.maxY + 10
        used[column] = true
    }
}

@Test func equalAspectsFillRowsLeftToRight() {
    // All ties: the first row goes 0,1,2 and so does every later row.
    let engine = WaterfallLayout(columnCount: 3, columnGap: 10, rowGap: 10)
    let layout = engine.layout(aspectRatios: Array(repeating: 1.5, count: 9), containerWidth: 320)
    #expect(layout.columns == [0, 1, 2, 0, 1, 2, 0, 1, 2])
}

@Test func handComputedSmallCase() {
    // W = 320, 3 columns, gaps 10, insets 10 → column width (320 − 20 − 20) / 3 = 93⅓.
    // Make the numbers round: W = 330 → (330 − 20 − 20) / 3 = 96.66…; use W = 340 → 100.
    let engine = WaterfallLayout(columnCount: 3, columnGap: 10, rowGap: 10, insets: .all(10))
    // Heights for w = 100: 100, 50, 200, 80, 30.
    let layout = engine.layout(aspectRatios: [1, 2, 0.5, 1.25, 100.0 / 30.0], containerWidth: 340)
    #expect(layout.frames == [
        Frame(x: 10, y: 10, width: 100, height: 100),   // column 0, bottom 110
        Frame(x: 120, y: 10, width: 100, height: 50),   // column 1, bottom 60
        Frame(x: 230, y: 10, width: 100, height: 200),  // column 2, bottom 210
        Frame(x: 120, y: 70, width: 100, height: 80),   // shortest is column 1 (60), bottom 150
        Frame(x: 10, y: 120, width: 100, height: 30),   // shortest is column 0 (110)
    ])
    #expect(layout.columns == [0, 1, 2, 1, 0])
    #expect(layout.contentHeight == 210 + 10)
}

@Test func emptyInputHasOnlyInsets() {
    let layout = WaterfallLayout(columnCount: 3, insets: .all(5)).layout(aspectRatios: [], containerWidth: 100)
    #expect(layout.frames.isEmpty)
    #expect(layout.contentHeight == 10)
}

@Test(arguments: [0.0, -1.0, .nan, .infinity])
func nonsenseAspectsBecomeSquareInsteadOfTrapping(_ aspect: Double) {
    let layout = WaterfallLayout(columnCount: 1).layout(aspectRatios: [aspect], containerWidth: 100)
    #expect(layout.frames == [Frame(x: 0, y: 0, width: 100, height: 100)])
}

@Test func layoutIsDeterministic() {
    let engine = WaterfallLayout(columnCount: 5, columnGap: 7, rowGap: 9, insets: .all(3))
    let aspects = randomAspects(count: 2000, seed: 99)
    #expect(engine.layout(aspectRatios: aspects, containerWidth: 1517) == engine.layout(aspectRatios: aspects, containerWidth: 1517))
}
