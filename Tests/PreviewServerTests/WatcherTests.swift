import Foundation
import Synchronization
import Testing
@testable import PreviewServer

/// inotify: one burst of changes is one call, new folders are watched, the
/// excluded folder is not.
@Suite struct WatcherTests {
    final class Counter: Sendable {
        let count = Atomic<Int>(0)
        func wait(for value: Int, seconds: Double) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while count.load(ordering: .relaxed) < value, Date() < end { usleep(20_000) }
            return count.load(ordering: .relaxed) >= value
        }
    }

    @Test func burstsAreDebouncedAndNewFoldersWatched() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("cascade-watch-\(UUID().uuidString)")
        try manager.createDirectory(at: root.appendingPathComponent("album/_site"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: root) }
        let album = root.appendingPathComponent("album")
        let counter = Counter()
        let watcher = try Watcher(roots: [album.path], excluding: [album.appendingPathComponent("_site").path]) {
            counter.count.add(1, ordering: .relaxed)
        }
        watcher.start()
        defer { watcher.stop() }
        #expect(watcher.folderCount == 1, "the album only: _site is left out")
        for index in 0..<5 {
            try Data("x".utf8).write(to: album.appendingPathComponent("photo\(index).jpg"))
            usleep(20_000)
        }
        #expect(counter.wait(for: 1, seconds: 3))
        usleep(500_000)
        #expect(counter.count.load(ordering: .relaxed) == 1)

        // The output folder's writes are not changes to the album.
        try Data("x".utf8).write(to: album.appendingPathComponent("_site/index.html"))
        usleep(500_000)
        #expect(counter.count.load(ordering: .relaxed) == 1)

        try manager.createDirectory(at: album.appendingPathComponent("New/Deeper"), withIntermediateDirectories: true)
        #expect(counter.wait(for: 2, seconds: 3))
        usleep(400_000)
        let before = counter.count.load(ordering: .relaxed)
        try Data("{}".utf8).write(to: album.appendingPathComponent("New/Deeper/album.json"))
        #expect(counter.wait(for: before + 1, seconds: 3))
        #expect(watcher.folderCount == 3)
        #expect(watcher.unwatchedCount == 0)
    }

    /// `cascade serve` whose first build failed made no output folder: the
    /// one a later build makes inside the album is still left out (its
    /// writes would otherwise start a rebuild after every build).
    @Test func excludedFolderMadeLaterIsNotWatched() throws {
        let manager = FileManager.default
        let album = manager.temporaryDirectory.appendingPathComponent("cascade-watch-\(UUID().uuidString)")
        try manager.createDirectory(at: album, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: album) }
        let output = album.appendingPathComponent("_site")
        let counter = Counter()
        // Spelled through `..`, as a relative --output may be.
        let spelled = album.appendingPathComponent("sub/../_site").path
        let watcher = try Watcher(roots: [album.path], excluding: [spelled]) { counter.count.add(1, ordering: .relaxed) }
        watcher.start()
        defer { watcher.stop() }
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        usleep(500_000)
        try Data("x".utf8).write(to: output.appendingPathComponent("index.html"))
        usleep(500_000)
        #expect(counter.count.load(ordering: .relaxed) == 0)
        #expect(watcher.folderCount == 1)
        #expect(CanonicalPath.resolvedOrPlanned("/nonexistent-\(UUID().uuidString)/a/b")?.hasSuffix("/a/b") == true)
    }
}
