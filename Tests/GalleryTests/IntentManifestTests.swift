import Foundation
import Testing
@testable import Gallery

/// A build that stops while writing pages must leave every file it wrote
/// listed as Cascade's, or the next build refuses the folder for good.
@Suite struct IntentManifestTests {
    @Test func aBuildStoppedDuringThePagePhaseLeavesNothingTheNextBuildRefuses() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try album.write("a/coffee.jpg", coffee)
        try album.write("z/coffee.jpg", coffee)
        // A file where the folder `z` must go: writing z's pages fails after
        // the home page, a's pages, style.css and viewer.js may be written.
        try output.write("z", Data("in the way".utf8))
        // In a folder an earlier build made (one of the user's is refused whole).
        try output.write(OutputFolder.manifestName, Data((OutputFolder.manifestHeader + "\n").utf8))
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        #expect { try Site.build(options) } throws: { error in
            guard case .writeFailed? = error as? BuildError else { return false }
            return true
        }
        #expect(FileManager.default.fileExists(atPath: output.file("a/index.html").path))
        try FileManager.default.removeItem(at: output.file("z"))
        // Every page written before the stop was recorded first.
        _ = try Site.build(options)
        #expect(FileManager.default.fileExists(atPath: output.file("z/index.html").path))
    }
}
