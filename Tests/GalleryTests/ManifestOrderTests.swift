import Foundation
@testable import Gallery
import Testing

/// The manifest is written sorted, however the paths reach it: new paths
/// merged into a sorted one, or a hand-edited one in any order.
@Suite("Manifest order")
struct ManifestOrderTests {
    static func manifest(_ root: URL) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: root.appendingPathComponent(OutputFolder.manifestName)), as: UTF8.self)
        return text.split(separator: "\n").dropFirst().map(String.init)
    }

    @Test("Two sorted lists merge into one", arguments: [
        ([], [], []),
        (["a"], [], ["a"]),
        ([], ["b"], ["b"]),
        (["a", "c", "e"], ["b", "d", "f"], ["a", "b", "c", "d", "e", "f"]),
        (["b", "c"], ["a"], ["a", "b", "c"]),
        (["x/1.html", "x/10.html"], ["x/2.html"], ["x/1.html", "x/10.html", "x/2.html"]),
    ])
    func merge(first: [String], second: [String], expected: [String]) {
        #expect(OutputFolder.merged(first, second) == expected)
    }

    @Test("Paths recorded and finished are written sorted, from a sorted, an unsorted or no manifest",
          arguments: ["sorted", "unsorted", "none"])
    func sortedAfterIntentAndFinish(start: String) throws {
        let folder = TemporaryFolder()
        let root = folder.file("site")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let lines: [String] = switch start {
        case "sorted": ["b.html", "d.html", "f.html"]
        case "unsorted": ["f.html", "b.html", "d.html"]
        default: []
        }
        if start != "none" {
            try Data((OutputFolder.manifestHeader + "\n" + lines.map { $0 + "\n" }.joined()).utf8)
                .write(to: root.appendingPathComponent(OutputFolder.manifestName))
        }
        var output = try OutputFolder(root: root)
        try output.recordIntent(["e.html", "a.html", "c.html"])
        let recorded = try Self.manifest(root)
        #expect(recorded == (lines + ["a.html", "c.html", "e.html"]).sorted())
        // Finished with some of them: the rest are dropped, the order kept.
        let written: Set<String> = ["a.html", "e.html"].reduce(into: Set(lines.prefix(1))) { $0.insert($1) }
        try output.finish(written: written)
        #expect(try Self.manifest(root) == written.sorted())
        // Finished with a path never recorded: still sorted.
        try output.finish(written: written.union(["0.html"]))
        #expect(try Self.manifest(root) == written.union(["0.html"]).sorted())
    }
}
