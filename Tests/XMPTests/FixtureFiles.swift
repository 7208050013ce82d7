import Foundation

/// The exiftool-made files in `Fixtures/` (see `Fixtures/make-fixtures.sh`).
enum FixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
