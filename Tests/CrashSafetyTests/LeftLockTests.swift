import Foundation
import Testing

/// What a build killed between taking the lock and writing its first
/// manifest leaves in a new `_site` inside the album: the lock file with its
/// pid, perhaps a temporary file, nothing else. `cascade build`, typed in the
/// album as a user types it, must take that folder for Cascade's own.
@Suite struct LeftLockTests {
    /// A pid no process has (above Linux's pid_max limit).
    static let dead = 4_999_999

    @Test(arguments: [[], [".cascade-tmp-\(dead)-0"]])
    func aSiteFolderHoldingOnlyAKilledBuildsLockIsCascades(_ temporaries: [String]) throws {
        let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-left-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: album) }
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.write(count: 3, into: album)
        let site = album.appendingPathComponent("_site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("\(Self.dead)\n".utf8).write(to: site.appendingPathComponent(".cascade-lock"))
        for name in temporaries { try Data("half".utf8).write(to: site.appendingPathComponent(name)) }

        let run = try CascadeRun.run(["build"], in: album)
        #expect(run.process.terminationStatus == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
        #expect(try FolderSnapshot(site).temporaries.isEmpty)
    }

    /// A file of the user's that merely has the lock's name is no lock.
    @Test func aSiteFolderHoldingAFileOfTheUsersIsStillRefused() throws {
        let album = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-left-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: album) }
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try GeneratedAlbum.write(count: 3, into: album)
        let site = album.appendingPathComponent("_site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let mine = Data("my own notes, not a pid\n".utf8)
        try mine.write(to: site.appendingPathComponent(".cascade-lock"))

        let run = try CascadeRun.run(["build"], in: album)
        #expect(run.process.terminationStatus != 0)
        #expect(try Data(contentsOf: site.appendingPathComponent(".cascade-lock")) == mine)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path) == [".cascade-lock"])
    }
}
