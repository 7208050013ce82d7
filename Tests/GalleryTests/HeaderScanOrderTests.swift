import Foundation
import Testing
@testable import Gallery

/// `cascade scan`'s walk reads several folders per round while listing the
/// next ones; its lines still come out in walk order, error lines in place.
@Suite struct HeaderScanOrderTests {
    static let jpeg = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SamplePhotos/aitzgorri.jpg")

    @Test func linesFollowTheWalkAcrossRounds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scan-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        func file(_ path: String) throws {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: Self.jpeg, to: url)
        }
        // Files before and after a subfolder, a folder nested too deep, an
        // empty folder, a later folder, and more files than one round holds.
        for path in ["a/img2.jpg", "a/img10.jpg", "a/m/inner.jpg", "a/z.jpg", "c/last.jpg"] { try file(path) }
        let deep = (0...HeaderScan.maxDepth).map { _ in "d" }.joined(separator: "/")
        try manager.createDirectory(at: root.appendingPathComponent("b/" + deep), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("b2"), withIntermediateDirectories: true)
        let bulk = ScanBatch.filesPerRound + 40
        try manager.createDirectory(at: root.appendingPathComponent("e"), withIntermediateDirectories: true)
        for index in 0..<bulk {
            try manager.linkItem(at: Self.jpeg, to: root.appendingPathComponent("e/f\(index).jpg"))
        }
        try file("f/after.jpg")

        var output: [UInt8] = []
        let complete = HeaderScan.run([root.path], format: .plain) { output += $0 }
        let paths = String(decoding: output, as: UTF8.self).split(separator: "\n")
            .map { String($0.split(separator: "\t")[0].dropFirst(root.path.count + 1)) }
        #expect(!complete)  // the folder nested too deep
        let tooDeep = "b/" + Array(repeating: "d", count: HeaderScan.maxDepth - 1).joined(separator: "/")
        let expected = ["a/img2.jpg", "a/img10.jpg", "a/m/inner.jpg", "a/z.jpg", tooDeep, "c/last.jpg"]
            + (0..<bulk).map { "e/f\($0).jpg" } + ["f/after.jpg"]
        #expect(paths == expected)
        #expect(String(decoding: output, as: UTF8.self).contains("folder nesting deeper than \(HeaderScan.maxDepth) levels"))
    }
}
