import Foundation
@testable import Gallery
import Glibc
import Testing

/// The album's stamp walk keeps each file's `stat`, so fingerprinting the
/// photos asks the kernel nothing more (``TreeStamp/foldersAndFiles(path:entersHiddenFolders:excluding:)``).
@Suite("Album walk files")
struct AlbumWalkFilesTests {
    @Test("The walk's sizes and times are stat's, a link's its target's; folders, broken links and hidden folders are left out")
    func filesAreStat() throws {
        let folder = TemporaryFolder()
        try folder.write("album/a.jpg", Data("one".utf8))
        try folder.write("album/sub/b.jpg", Data("three".utf8))
        try folder.write("album/.hidden/c.jpg", Data("x".utf8))
        let root = folder.file("album").path
        try FileManager.default.createSymbolicLink(atPath: root + "/link.jpg", withDestinationPath: "sub/b.jpg")
        try FileManager.default.createSymbolicLink(atPath: root + "/broken.jpg", withDestinationPath: "nowhere.jpg")
        let walked = try #require(TreeStamp.foldersAndFiles(path: root, entersHiddenFolders: false))
        #expect(walked.files.keys.sorted() == ["a.jpg", "link.jpg", "sub/b.jpg"])
        for (name, file) in walked.files {
            var info = stat()
            #expect(stat(root + "/" + name, &info) == 0)
            #expect(file == TreeStamp.FileStat(info), "\(name)")
        }
        #expect(walked.files["link.jpg"]?.size == 5)
        // The same stamp and folders as the walk that keeps no files.
        let plain = try #require(TreeStamp.folders(path: root, entersHiddenFolders: false))
        #expect(walked.stamp == plain.stamp && walked.folders == plain.folders)
    }

    @Test("Folders met by a walk spread over the cores are entered after it, with every file, folder and change seen")
    func bigFoldersBelowASpreadWalk() throws {
        let folder = TemporaryFolder()
        // The root's entries are spread over the cores; `big` (past parallelEntries) and
        // `big/deeper` are entered after the shares that met them, `small` likewise.
        try folder.write("album/a.jpg", Data("a".utf8))
        for number in 0..<2_100 { try folder.write("album/big/\(number).jpg", Data("\(number)".utf8)) }
        for number in 0..<2_100 { try folder.write("album/big/deeper/\(number).jpg", Data("d\(number)".utf8)) }
        try folder.write("album/small/x.jpg", Data("x".utf8))
        let root = folder.file("album").path
        let walked = try #require(TreeStamp.foldersAndFiles(path: root, entersHiddenFolders: false))
        #expect(walked.files.count == 4_202)
        #expect(walked.files["big/deeper/2099.jpg"]?.size == 5)
        #expect(Set(walked.folders.keys) == ["", "big", "big/deeper", "small"])
        let plain = try #require(TreeStamp.folders(path: root, entersHiddenFolders: false))
        #expect(walked.stamp == plain.stamp && walked.folders == plain.folders)
        // A file changed deep inside moves the stamp and its folders', not its sibling's.
        try folder.write("album/big/deeper/7.jpg", Data("changed".utf8))
        let after = try #require(TreeStamp.folders(path: root, entersHiddenFolders: false))
        #expect(after.stamp != plain.stamp)
        #expect(after.folders["big/deeper"] != plain.folders["big/deeper"])
        #expect(after.folders["small"] == plain.folders["small"])
    }

    @Test("A photo rewritten between builds, same size, is hashed again and published as it now is")
    func rewrittenPhoto() throws {
        let folder = TemporaryFolder()
        let (album, options) = try UnchangedBuildTests.built(in: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: album.path).filter { $0.hasSuffix(".jpg") }.sorted()
        let first = album.appendingPathComponent(names[0]), second = album.appendingPathComponent(names[1])
        // The first photo's bytes become the second's (sizes differ, times move): its renditions must follow.
        try FileManager.default.removeItem(at: first)
        try FileManager.default.copyItem(at: second, to: first)
        _ = try Site.build(options)
        var cold = options
        cold.output = folder.file("cold")
        _ = try Site.build(cold)
        #expect(try snapshot(folder.file("site")) == snapshot(folder.file("cold")))
    }
}
