import Foundation
import Testing
@testable import Gallery

@Test(arguments: [1, 3, 7, 8, 9, 64, 1000, 4099])
func streamingHashEqualsOneShotAtAnyChunking(_ chunk: Int) {
    var rng = SystemRandomNumberGenerator()
    let bytes = (0..<10_007).map { _ in UInt8.random(in: 0...255, using: &rng) }
    var hasher = Hasher128()
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
    #expect(hash.description.count == 32)
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

@Test(arguments: [(5000, [320, 480, 640, 960, 1280, 2048]), (700, [320, 480, 640, 700]), (100, [100])])
func photoWidthsNeverExceedTheOriginal(_ display: Int, _ expected: [Int]) {
    let ladder = WidthLadder.standard
    #expect(ladder.widths(forDisplayWidth: display, tileWidths: [320, 480, 640, 960, 1280]) == expected)
}

@Test func fingerprintsAreReusedOnlyWhileSizeAndTimeMatch() throws {
    let folder = TemporaryFolder()
    let file = folder.file("a.jpg")
    try Data("first".utf8).write(to: file)
    var fingerprints = SourceFingerprints()
    let first = try fingerprints.hash(of: file, name: "a.jpg")
    #expect(first == ContentHash.of(Array("first".utf8)))

    let stored = folder.file(SourceFingerprints.fileName)
    try Data(fingerprints.serialized.utf8).write(to: stored)
    var reloaded = SourceFingerprints(loadingFrom: stored)
    // Same size and time: the stored hash is trusted without reading.
    #expect(try reloaded.hash(of: file, name: "a.jpg") == first)
    #expect(reloaded.serialized == fingerprints.serialized)

    try Data("second!".utf8).write(to: file)
    var again = SourceFingerprints(loadingFrom: stored)
    #expect(try again.hash(of: file, name: "a.jpg") == ContentHash.of(Array("second!".utf8)))
}
