import Foundation
import Testing
@testable import Gallery

/// The output folder's place relative to the album, decided by device and
/// inode: never the album, never around it, inside it only when Cascade's own.
@Suite struct OutputPlacementTests {
    private func album(in folder: TemporaryFolder, at name: String = "album") throws -> URL {
        let coffee = try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg"))
        try folder.write(name + "/coffee.jpg", coffee)
        try folder.write(name + "/trip/dogs.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("dogs.jpg")))
        return folder.file(name)
    }

    private func build(_ album: URL, _ output: URL) throws -> BuildReport {
        try Site.build(BuildOptions(album: album, output: output, templates: Repo.templates))
    }

    @Test func anAlbumInsideTheOutputFolderIsRefused() throws {
        let work = TemporaryFolder()
        try work.write("site/notes.txt", Data("mine".utf8))
        let album = try album(in: work, at: "site/photos")
        #expect(throws: BuildError.albumInsideOutput(output: work.file("site").path, album: album.path)) {
            try build(album, work.file("site"))
        }
        #expect(!FileManager.default.fileExists(atPath: work.file("site/index.html").path))
    }

    @Test func aLinkToTheOutputFolderUsedAsTheAlbumIsRefused() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        let output = work.file("site")
        _ = try build(album, output)
        try FileManager.default.createSymbolicLink(at: work.file("link"), withDestinationURL: output)
        #expect(throws: BuildError.outputIsAlbum(output: output.path, album: work.file("link").path)) {
            try build(work.file("link"), output)
        }
        // The reverse: the album's own link given as the output folder.
        try FileManager.default.createSymbolicLink(at: work.file("album-link"), withDestinationURL: album)
        #expect(throws: BuildError.outputIsAlbum(output: work.file("album-link").path, album: album.path)) {
            try build(album, work.file("album-link"))
        }
    }

    @Test func anOutputFolderInsideTheAlbumHoldingForeignFilesIsRefused() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        try work.write("album/trip/mine/notes.txt", Data("keep".utf8))
        // Reached through a link from outside: caught by inode, not by spelling.
        try FileManager.default.createSymbolicLink(at: work.file("out"), withDestinationURL: album.appendingPathComponent("trip/mine"))
        #expect(throws: BuildError.outputInsideAlbum(output: work.file("out").path, album: album.path)) {
            try build(album, work.file("out"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.file("album/trip/mine").path) == ["notes.txt"])
    }

    @Test func cascadesOwnOutputFolderInsideTheAlbumIsLeftOutOfTheAlbum() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        let output = album.appendingPathComponent("_site")
        let first = try build(album, output)
        #expect(first.photos.map(\.path).sorted() == ["coffee.jpg", "trip/dogs.jpg"])
        let before = try snapshot(output)
        // A full build: with its stamp the unchanged album would stop before the scan.
        BuildSnapshot.remove(from: output)
        let second = try build(album, output)
        #expect(second.photos.map(\.path).sorted() == ["coffee.jpg", "trip/dogs.jpg"])
        #expect(second.renditionsMade == 0)
        #expect(try snapshot(output) == before)
    }

    @Test func anOldOutputFolderInsideTheAlbumIsLeftOutWhenBuildingElsewhere() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        _ = try build(album, album.appendingPathComponent("_site"))
        let report = try build(album, work.file("elsewhere"))
        #expect(report.photos.map(\.path).sorted() == ["coffee.jpg", "trip/dogs.jpg"])
    }
}
