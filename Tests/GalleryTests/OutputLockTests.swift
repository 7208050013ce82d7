import Foundation
import Testing
@testable import Gallery

/// Two builds into one output folder at once: the second fails at once and
/// names the first, instead of both interleaving their writes.
@Suite struct OutputLockTests {
    @Test func aSecondBuildIntoALockedFolderFailsNamingTheHolder() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        let options = BuildOptions(album: album.url, output: output.url, templates: Repo.templates)
        do {
            // Another open of the lock file: flock excludes it like another process.
            let held = try OutputLock(root: output.url, displayName: "out")
            #expect {
                try Site.build(options)
            } throws: { error in
                guard case .outputBusy(_, let pid)? = error as? BuildError else { return false }
                return pid == getpid()
                    && (error as? BuildError)?.description.contains("is being built by another cascade (pid \(getpid()))") == true
            }
            #expect(!FileManager.default.fileExists(atPath: output.file("index.html").path))
            withExtendedLifetime(held) {}
        }
        // Released: the build runs, and lists the lock file as its own.
        _ = try Site.build(options)
        _ = try Site.build(options)
        let manifest = String(decoding: try Data(contentsOf: output.file(OutputFolder.manifestName)), as: UTF8.self)
        #expect(manifest.split(separator: "\n").contains(Substring(OutputLock.fileName)))
    }

    @Test func aUsersFileNamedLikeTheLockIsNeverEmptied() throws {
        let album = TemporaryFolder(), output = TemporaryFolder()
        try album.write("coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try output.write(OutputLock.fileName, Data("my notes\n".utf8))
        // Alone, it makes the folder the user's: refused whole.
        #expect(throws: BuildError.outputNotCascades(output: output.url.path)) {
            try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        }
        // In a folder a build made, it is still never emptied.
        try output.write(OutputFolder.manifestName, Data((OutputFolder.manifestHeader + "\n").utf8))
        #expect(throws: BuildError.wouldOverwrite(path: output.file(OutputLock.fileName).path)) {
            try Site.build(BuildOptions(album: album.url, output: output.url, templates: Repo.templates))
        }
        #expect(try Data(contentsOf: output.file(OutputLock.fileName)) == Data("my notes\n".utf8))
    }

    @Test func theLockIsReleasedWhenTheBuildEnds() throws {
        let output = TemporaryFolder()
        _ = try OutputLock(root: output.url, displayName: "out")
        _ = try OutputLock(root: output.url, displayName: "out")
    }
}
