import Foundation
import Testing
@testable import ImageHeaders

/// The whole shared corpus (`../shared/corpus` beside the repository), when present.
@Suite struct CorpusManifestTests {
    @Test(.enabled(if: Fixtures.corpusIsAvailable, "shared corpus not found beside the repository"))
    func everyCorpusFileMatchesTheManifest() throws {
        let rows = try Fixtures.manifest(in: Fixtures.corpusDirectory)
        let clock = ContinuousClock()
        var check: ManifestCheck?
        let elapsed = clock.measure {
            check = ManifestCheck(rows: rows, base: Fixtures.corpusDirectory, includeOtherFormats: true)
        }
        let result = try #require(check)
        print("Corpus (\(rows.count) rows): \(result.summary); all files read in \(elapsed)")
        #expect(result.failures == [])
        #expect(result.matchedValid == rows.filter { $0.isSupportedFormat && $0.isValid }.count)
        #expect(result.matchedValid > 0)
    }

    @Test(.enabled(if: Fixtures.corpusIsAvailable, "shared corpus not found beside the repository"))
    func readingAllCorpusFilesTakesMilliseconds() throws {
        let rows = try Fixtures.manifest(in: Fixtures.corpusDirectory).filter(\.isSupportedFormat)
        let paths = rows.map { Fixtures.corpusDirectory.appendingPathComponent($0.path).path }
        let clock = ContinuousClock()
        var read = 0
        let elapsed = clock.measure {
            for path in paths where (try? ImageHeader.read(fileAt: path)) != nil {
                read += 1
            }
        }
        print("Corpus: \(paths.count) files, \(read) read, in \(elapsed) (\(elapsed / max(1, paths.count)) per file)")
        // Header reads only, never pixels: a pixel decode of the corpus takes
        // minutes, so even a loaded debug run stays far under this. Speed
        // itself is measured in Benchmarks/scan.
        #expect(elapsed < .seconds(20))
    }
}
