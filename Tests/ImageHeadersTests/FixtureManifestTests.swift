import Foundation
import Testing
@testable import ImageHeaders

/// Every copied fixture against its manifest row (truth rules of the corpus).
@Suite struct FixtureManifestTests {
    @Test func everyFixtureMatchesTheManifest() throws {
        let rows = try Fixtures.manifest(in: Fixtures.directory)
        #expect(rows.count == 243)
        let check = ManifestCheck(rows: rows, base: Fixtures.directory, includeOtherFormats: true)
        print("Fixtures: \(check.summary)")
        #expect(check.failures == [])
        #expect(check.matchedValid == rows.filter { $0.isSupportedFormat && $0.isValid }.count)
        #expect(check.matchedValid == 221)
        #expect(check.rejectedCorrupt + check.sizedCorrupt == 19)
        #expect(check.rejectedOther == 3)
    }

    /// Header reads cost few source calls: one 4 KiB window for nearly every
    /// file, a few more only for JPEGs with large leading segments.
    @Test func fixturesAreReadWithFewCalls() throws {
        let rows = try Fixtures.manifest(in: Fixtures.directory).filter { $0.isSupportedFormat && $0.isValid }
        var calls: [Int] = []
        var bytes: [Int] = []
        for row in rows {
            let path = Fixtures.directory.appendingPathComponent(row.path).path
            let descriptor = open(path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let source = CountingByteSource(FileByteSource(descriptor: descriptor))
            _ = try ImageHeaders.read(from: source)
            calls.append(source.calls)
            bytes.append(source.bytesReturned)
        }
        calls.sort()
        bytes.sort()
        print("Fixtures: source calls median \(calls[calls.count / 2]), max \(calls.last ?? 0); bytes median \(bytes[bytes.count / 2]), max \(bytes.last ?? 0)")
        #expect(calls[calls.count / 2] == 1)
        #expect(calls[calls.count * 95 / 100] <= 2)
        #expect((calls.last ?? 0) <= 4)
        #expect((bytes.last ?? 0) <= 4 * 4096)
    }
}
