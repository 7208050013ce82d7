import Foundation
import Testing
@testable import ImageHeaders

/// Replays every input the fuzzers ever crashed on (`Fuzz/regressions/FAMILY/*`)
/// through the same entry point the fuzz targets use, with the same invariants.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions")

    static let families = ["jpeg", "png", "heif", "tiff", "webp", "jxl", "mp4", "matroska", "other", "iptc"]

    static func inputs(_ family: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: directory.appendingPathComponent(family), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.path < $1.path }
    }

    @Test(arguments: families)
    func regressionsReplayCleanly(family: String) throws {
        // The folder exists even while empty, so a typo in a path cannot make this pass vacuously.
        #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(family).path))
        for url in try Self.inputs(family) {
            let bytes = [UInt8](try Data(contentsOf: url))
            if family == "iptc" {
                FuzzCheck.runIPTC(bytes)
            } else {
                FuzzCheck.run(bytes, family: family)
            }
        }
    }

    /// The steering prefixes reach the intended parser.
    @Test(arguments: [("jpeg", ImageFormat.jpeg), ("png", .png), ("heif", .heif), ("tiff", .tiff), ("webp", .webp), ("jxl", .jxl),
                            ("mp4", .mp4), ("matroska", .mkv), ("avi", .avi), ("ogg", .ogv)])
    func familySignaturesReachTheirParser(family: String, format: ImageFormat) {
        let signature = FuzzCheck.signature(forFamily: family)
        #expect(FormatSniffer.parser(for: signature + [UInt8](repeating: 0, count: 48))?.format == format)
    }
}
