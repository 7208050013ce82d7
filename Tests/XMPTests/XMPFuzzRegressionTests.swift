import Foundation
import Testing
import XMP

/// Replays `Fuzz/regressions/xmp/*` and the seeds through the `fuzz-xmp` body.
@Suite struct XMPFuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    @Test(arguments: ["regressions/xmp", "seeds"])
    func replayCleanly(folder: String) throws {
        let directory = Self.fuzz.appendingPathComponent(folder)
        #expect(FileManager.default.fileExists(atPath: directory.path))
        let inputs = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        for url in inputs {
            XMPFuzzCheck.run([UInt8](try Data(contentsOf: url)))
        }
    }

    @Test func seedPacketsParse() throws {
        let seeds = try FileManager.default.contentsOfDirectory(at: Self.fuzz.appendingPathComponent("seeds"),
                                                                includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xmp" }
        #expect(seeds.count >= 3)
        for url in seeds {
            // Real packets from corpus JPEGs, one with trailing NULs.
            _ = try XMPPacket.parse([UInt8](try Data(contentsOf: url)))
        }
    }
}
