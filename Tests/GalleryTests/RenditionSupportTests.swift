import Foundation
import Testing
@testable import Gallery

@Test(arguments: [1, 3, 7, 8, 9, 64, 511, 512, 513, 1000, 4099])
func streamingHashEqualsOneShotAtAnyChunking(_ chunk: Int) {
    var rng = SystemRandomNumberGenerator()
    let bytes = (0..<10_007).map { _ in UInt8.random(in: 0...255, using: &rng) }
    var hasher = ContentHasher()
    var offset = 0
    while offset < bytes.count {
        let end = min(offset + chunk, bytes.count)
        hasher.combine(Array(bytes[offset..<end]))
        offset = end
    }
    #expect(hasher.finalize() == ContentHash.of(bytes))
}

@Test func hashSeparatesNearlyEqualInputs() {
    let base = [UInt8](repeating: 0, count: 64)
    var seen = Set<ContentHash>()
    seen.insert(ContentHash.of([]))
    seen.insert(ContentHash.of([0]))
    seen.insert(ContentHash.of(base))
    seen.insert(ContentHash.of(base + [0]))
    for index in 0..<64 {
        var flipped = base
        flipped[index] = 1
        seen.insert(ContentHash.of(flipped))
    }
    #expect(seen.count == 4 + 64)
    let hash = ContentHash.of(Array("cascade".utf8))
    #expect(ContentHash(hash.description) == hash)
    #expect(hash.description.count == 64)
}

@Test func ladderCoversEveryTileAtOneAndTwoX() {
    let geometry = GridGeometry.standard
    let ladder = WidthLadder.standard
    let widths = ladder.tileWidths(for: geometry)
    for breakpoint in geometry.breakpoints {
        let widest = geometry.columnWidth(containerWidth: breakpoint.maxWidth, columns: breakpoint.columns)
        #expect(widths.contains { Double($0) >= widest * 2 } || widths.last == ladder.rungs.last)
    }
    #expect(widths == widths.sorted())
    #expect(Set(widths).isSubset(of: Set(ladder.rungs)))
}

@Test(arguments: [
    (5000, 3000, [320, 480, 640, 960, 1280, 2048]),
    (3000, 3000, [320, 480, 640, 960, 1280, 2048]),
    (700, 500, [320, 480, 640, 700]),
    (100, 80, [100]),
    // Portrait: the large image fits the 2048 px box, so it is 2048 px tall.
    (4000, 6000, [320, 480, 640, 960, 1280, 1365]),
    (3000, 4000, [320, 480, 640, 960, 1280, 1536]),
    // A tall strip: its large width falls below the tile widths and joins them.
    (1000, 8000, [256, 320, 480, 640, 960, 1000]),
])
func photoWidthsNeverExceedTheOriginal(_ width: Int, _ height: Int, _ expected: [Int]) {
    let ladder = WidthLadder.standard
    #expect(ladder.widths(forDisplayWidth: width, displayHeight: height, tileWidths: [320, 480, 640, 960, 1280]) == expected)
}

@Test func fingerprintsAreReusedOnlyWhileSizeAndTimeMatch() throws {
    let folder = TemporaryFolder()
    let file = folder.file("a.jpg")
    try Data("first".utf8).write(to: file)
    var fingerprints = SourceFingerprints()
    let first = try fingerprints.hash(ofFileAt: file.path, name: "a.jpg")
    #expect(first == ContentHash.of(Array("first".utf8)))

    let stored = folder.file(SourceFingerprints.fileName)
    try Data(fingerprints.serialized).write(to: stored)
    var reloaded = SourceFingerprints(loadingFrom: stored)
    // Same size and time: the stored hash is trusted without reading.
    #expect(try reloaded.hash(ofFileAt: file.path, name: "a.jpg") == first)
    #expect(reloaded.serialized == fingerprints.serialized)

    try Data("second!".utf8).write(to: file)
    var again = SourceFingerprints(loadingFrom: stored)
    #expect(try again.hash(ofFileAt: file.path, name: "a.jpg") == ContentHash.of(Array("second!".utf8)))
}

@Test func theLargeImageIsTheBiggestRenditionInsideTheBox() throws {
    let header = try sampleHeader("coffee.jpg")
    var tall = Photo(fileName: "tall.jpg", header: header)
    // A strip's renditions: every tile width is taller than the 2048 box; only the 256 px one fits.
    tall.renditions = [(256, 2048), (320, 2560), (640, 5120), (1000, 8000)].map {
        RenditionFile(width: $0.0, height: $0.1, path: "renditions/t-\($0.0).jpg")
    }
    var portrait = Photo(fileName: "portrait.jpg", header: header)
    portrait.renditions = [(320, 480), (1280, 1920), (1365, 2048)].map {
        RenditionFile(width: $0.0, height: $0.1, path: "renditions/p-\($0.0).jpg")
    }
    let model = PageModel(title: "t", photos: [tall, portrait])
    let fields = model.allPhotoFields()
    func large(_ index: Int) -> Int? {
        guard case .object(let large)? = fields[index]["large"], case .int(let width)? = large["width"] else { return nil }
        return width
    }
    #expect(large(0) == 256)
    #expect(large(1) == 1365)
}
