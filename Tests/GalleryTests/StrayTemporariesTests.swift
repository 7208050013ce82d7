import Foundation
import Testing
@testable import Gallery

/// A build killed between creating a temporary file and renaming it leaves
/// `.cascade-tmp-<pid>-<n>` behind; the next build removes exactly those.
@Suite struct StrayTemporariesTests {
    @Test func theNextBuildRemovesStrayTemporariesAndNothingElse() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        _ = try Site.build(options)
        // A pid no process has (above Linux's pid_max limit).
        let dead = 4_999_999
        let strays = [".cascade-tmp-\(dead)-0", "renditions/.cascade-tmp-\(dead)-17"]
        let kept = [".cascade-tmp-notes", ".cascade-tmp-\(dead)-1.txt", "renditions/.cascade-tmp-\(dead)",
                    "mine/.cascade-tmp-x-1", ".cascade-tmp-\(getpid())-5"]
        for name in strays + kept { try output.write(name, Data("half".utf8)) }
        // A link of the pattern, and a folder of it, are never removed either.
        try FileManager.default.createSymbolicLink(atPath: output.file(".cascade-tmp-\(dead)-2").path,
                                                   withDestinationPath: output.file(".cascade-tmp-notes").path)
        try FileManager.default.createDirectory(at: output.file(".cascade-tmp-\(dead)-3"), withIntermediateDirectories: true)

        _ = try Site.build(options)
        for name in strays { #expect(!FileManager.default.fileExists(atPath: output.file(name).path), "\(name)") }
        for name in kept { #expect(FileManager.default.fileExists(atPath: output.file(name).path), "\(name)") }
        var info = stat()
        #expect(lstat(output.file(".cascade-tmp-\(dead)-2").path, &info) == 0)
        #expect(FileManager.default.fileExists(atPath: output.file(".cascade-tmp-\(dead)-3").path))
    }

    @Test(arguments: [
        (".cascade-tmp-12-3", Int32(12)), (".cascade-tmp-12-", nil), (".cascade-tmp--3", nil),
        (".cascade-tmp-12-3-4", nil), (".cascade-tmp-1a-3", nil), ("cascade-tmp-12-3", nil),
    ] as [(String, Int32?)])
    func onlyCascadesExactPatternIsATemporary(_ name: String, _ pid: Int32?) {
        #expect(StrayTemporaries.pid(ofTemporary: name) == pid)
    }
}
