import Foundation

/// Locations of test data, relative to this source file so the tests run from
/// any package that compiles them.
enum Fixtures {
    /// `Tests/ImageHeadersTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ImageHeadersTests
        .appendingPathComponent("Fixtures")

    /// The shared corpus: `../shared/corpus` beside the repository root.
    static let corpusDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ImageHeadersTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository root
        .appendingPathComponent("../shared/corpus")
        .standardizedFileURL

    static var corpusIsAvailable: Bool {
        FileManager.default.fileExists(atPath: corpusDirectory.appendingPathComponent("manifest.tsv").path)
    }

    static func manifest(in directory: URL) throws -> [ManifestRow] {
        let text = try String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)
        return ManifestRow.parse(text)
    }

    /// The bytes of a fixture, by its manifest path.
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
    }
}
