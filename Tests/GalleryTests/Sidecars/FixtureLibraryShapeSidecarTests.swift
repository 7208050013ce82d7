import Foundation
import Testing
@testable import Gallery

/// The shared fixture library stays what `EXPECTED.md` promises: small, with
/// its awkward names intact as bytes (git and editors can normalise them).
struct FixtureLibraryShapeSidecarTests {
    static let fixtures = Repo.root.appendingPathComponent("Tests/Fixtures")

    private func files(under folder: String) -> [String: Int] {
        var result: [String: Int] = [:]
        let base = Self.fixtures.appendingPathComponent(folder).path
        for case let relative as String in FileManager.default.enumerator(atPath: base) ?? FileManager.DirectoryEnumerator() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: base + "/" + relative)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                result[relative] = (attributes?[.size] as? Int) ?? 0
            }
        }
        return result
    }

    @Test func smallAndTiny() {
        let library = files(under: "Library")
        #expect(library.count >= 40)
        #expect(library.values.reduce(0, +) < 150 * 1024)
        for (name, size) in library where name.hasSuffix(".jpg") || name.hasSuffix(".png") {
            #expect(size < 2048, "\(name) is \(size) bytes")
        }
    }

    @Test func namesAreKeptAsBytes() throws {
        let mixed = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("Library/Mixed #sources").path)
        let decomposed = "de\u{301}cor nfd.jpg"
        #expect(mixed.contains { Array($0.utf8) == Array(decomposed.utf8) })
        let root = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("Library").path)
        for name in ["100% sky?.png", "lake #1.jpg", "Notes only?", "🌅 Dawn 100%", ".thumbs", "Empty"] {
            #expect(root.contains { Array($0.utf8) == Array(name.utf8) }, "\(name)")
        }
    }

    @Test func theBrokenLibraryIsBroken() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("LibraryBroken/album.json"))
        #expect(throws: BuildError.self) { try AlbumConfig.parse(data, displayPath: "album.json") }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.firstIndex { $0.contains("\"title\": 42") } != lines.firstIndex { $0.contains("captoin") })
    }
}
