import Foundation
import Testing
@testable import ImageHeaders

/// Every copied fixture against its manifest row (truth rules of the corpus).
@Suite struct FixtureManifestTests {
    @Test func everyFixtureMatchesTheManifest() throws {
        let rows = try Fixtures.manifest(in: Fixtures.directory)
        #expect(rows.count == 543)
        let check = ManifestCheck(rows: rows, base: Fixtures.directory, includeOtherFormats: true)
        print("Fixtures: \(check.summary)")
        #expect(check.failures == [])
        #expect(check.matchedValid == rows.filter { $0.isSupportedFormat && $0.isValid }.count)
        #expect(check.matchedValid == 447)
        #expect(check.rejectedCorrupt + check.sizedCorrupt == 46)
        #expect(check.rejectedOther == 50)
    }

    /// Header reads cost few source calls: one 4 KiB window for nearly every
    /// file, a few more only for JPEGs with large leading segments, HEIF files
    /// with a late `meta` or an Exif item, and icons with many entries.
    @Test func fixturesAreReadWithFewCalls() throws {
        let rows = try Fixtures.manifest(in: Fixtures.directory).filter { $0.isSupportedFormat && $0.isValid }
        var calls: [Int] = []
        var bytes: [Int] = []
        var costly: [String] = []
        var maxNonIcon = 0
        for row in rows {
            let path = Fixtures.directory.appendingPathComponent(row.path).path
            let descriptor = open(path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            let source = CountingByteSource(FileByteSource(descriptor: descriptor))
            let header = try ImageHeader.read(from: source)
            calls.append(source.calls)
            // An XMP packet that is there is read whole (capped); the bound is for the rest.
            bytes.append(source.bytesReturned - (header.metadata?.xmpPacket?.count ?? 0))
            if !row.path.hasSuffix(".ico") {
                maxNonIcon = max(maxNonIcon, source.calls)
            }
            if source.calls > 3 {
                costly.append("\(row.path): \(source.calls) calls")
            }
        }
        calls.sort()
        bytes.sort()
        print("Fixtures: source calls median \(calls[calls.count / 2]), max \(calls.last ?? 0); bytes median \(bytes[bytes.count / 2]), max \(bytes.last ?? 0)")
        #expect(calls[calls.count / 2] == 1)
        #expect(calls[calls.count * 95 / 100] <= 2)
        print("Fixtures read with more than 3 calls: \(costly)")
        // Only multi-image icons (one header per directory entry) need more.
        #expect(maxNonIcon <= 4)
        #expect((calls.last ?? 0) <= 12)
        #expect((bytes.last ?? 0) <= 16 * 4096)
    }
}
