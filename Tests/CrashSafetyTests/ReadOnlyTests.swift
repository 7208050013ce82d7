import Foundation
import Testing

/// An output folder on a read-only file system (as root `chmod` stops no
/// write, so a read-only mount): exit 1, one clear line, nothing changed.
@Suite(.serialized) struct ReadOnlyTests {
    @Test(.enabled(if: ScratchMount.isPermitted, ScratchMount.skipReason), arguments: [false, true])
    func aReadOnlyOutputFolderFailsInOneLineAndChangesNothing(built: Bool) throws {
        let shared = try #require(SharedAlbum.shared, "the shared album could not be built")
        let disk = try ScratchMount(size: "64m")
        let output = disk.url.appendingPathComponent("site")
        if built {
            // A finished site, and an album that changed since: the build would write.
            try #require(try shared.build(into: output).process.terminationStatus == 0)
        } else {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        }
        let before = try FolderSnapshot(disk.url)
        try disk.remount("ro")
        let run = try shared.build(into: output, ["--quality", "70"])
        try disk.remount("rw")
        #expect(run.process.terminationStatus == 1, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("Read-only file system") == true, "\(run.stderr)")
        #expect(lines.first?.contains(output.path) == true, "\(run.stderr)")
        #expect(try FolderSnapshot(disk.url) == before)
        #expect(try FolderSnapshot(shared.album) == shared.albumSnapshot)
    }
}
