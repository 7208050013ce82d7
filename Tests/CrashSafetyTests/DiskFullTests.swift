import Foundation
import Testing

/// A disk that fills mid-build: a clear error naming the file, nothing of
/// the user's lost, no temporary file left, and once there is room the next
/// build gives the uninterrupted output.
@Suite(.serialized) struct DiskFullTests {
    static let mine = "notes-of-mine.txt"

    @Test(.enabled(if: ScratchMount.isPermitted, ScratchMount.skipReason))
    func aFullDiskFailsClearlyLosesNothingAndTheNextBuildRecovers() throws {
        let shared = try #require(SharedAlbum.shared, "the shared album could not be built")
        let disk = try ScratchMount(size: "64m")
        // How much room the build takes on this file system (tmpfs rounds each file up to a page).
        let empty = disk.freeBytes
        let measured = disk.url.appendingPathComponent("measured")
        try #require(try shared.build(into: measured).process.terminationStatus == 0)
        let needed = empty - disk.freeBytes
        try FileManager.default.removeItem(at: measured)

        // A folder an earlier build made (an empty manifest: one of the user's
        // is refused whole) holding the user's own file, and a filler that
        // leaves room for half the site.
        let output = disk.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("cascade-manifest 2\n".utf8).write(to: output.appendingPathComponent(".cascade-manifest"))
        let note = Data("mine, not Cascade's\n".utf8)
        try note.write(to: output.appendingPathComponent(Self.mine))
        let filler = disk.url.appendingPathComponent("filler")
        try Data(count: max(0, disk.freeBytes - needed / 2)).write(to: filler)

        let full = try shared.build(into: output)
        #expect(full.process.terminationStatus == 1, "\(full.stderr)")
        let lines = full.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(full.stderr)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("cascade: error: could not write '\(output.path)/"), "\(line)")
        #expect(line.contains("No space left on device"), "\(line)")
        let left = try FolderSnapshot(output)
        #expect(left.temporaries.isEmpty, "\(left.temporaries)")
        #expect(left.undecodableImages.isEmpty, "\(left.undecodableImages)")
        #expect(try Data(contentsOf: output.appendingPathComponent(Self.mine)) == note)
        #expect(try FolderSnapshot(shared.album) == shared.albumSnapshot)

        try FileManager.default.removeItem(at: filler)
        let next = try shared.build(into: output)
        #expect(next.process.terminationStatus == 0, "\(next.stderr)")
        #expect(try Data(contentsOf: output.appendingPathComponent(Self.mine)) == note)
        // The user's file is the one entry the reference does not have.
        #expect(try shared.differences(in: output, ignoring: [Self.mine]).isEmpty)
        #expect(try FolderSnapshot(output).temporaries.isEmpty)
    }

    /// The other way to make room: a bigger file system.
    @Test(.enabled(if: ScratchMount.isPermitted, ScratchMount.skipReason))
    func aBuildThatRanOutOfRoomCarriesOnAfterARemountWithMore() throws {
        let shared = try #require(SharedAlbum.shared, "the shared album could not be built")
        let disk = try ScratchMount(size: "256k")
        let output = disk.url.appendingPathComponent("site")
        let full = try shared.build(into: output)
        #expect(full.process.terminationStatus == 1, "\(full.stderr)")
        #expect(full.stderr.contains("No space left on device"), "\(full.stderr)")
        #expect(try FolderSnapshot(disk.url).temporaries.isEmpty)
        try disk.remount("size=64m")
        let next = try shared.build(into: output)
        #expect(next.process.terminationStatus == 0, "\(next.stderr)")
        #expect(try shared.differences(in: output).isEmpty)
    }
}
