import Foundation
@testable import Gallery
import Synchronization
import Testing

/// A rebuild whose output folder is as the last clean build left it trusts
/// that build's manifest instead of `stat`-ing every rendition it keeps
/// (``OutputFolder/untouched``). That trust holds only because a snapshot is
/// recorded after checking that every file of the manifest is there.
@Suite("Untouched output")
struct UntouchedOutputTests {
    @Test("A stamp that expects files is the plain stamp when they are all regular files, none when one is missing or not a file")
    func stampExpectingFiles() throws {
        let folder = TemporaryFolder()
        try folder.write("out/index.html", Data("i".utf8))
        try folder.write("out/renditions/a.jpg", Data("a".utf8))
        try folder.write("out/renditions/b.jpg", Data("b".utf8))
        let root = folder.file("out").path
        let plain = try #require(TreeStamp.of(path: root, entersHiddenFolders: true))
        let files: Set<String> = ["index.html", "renditions/a.jpg", "renditions/b.jpg"]
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, expecting: files) == plain)
        // A file the manifest does not list is no problem (a user's CNAME, say).
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, expecting: ["index.html"]) == plain)
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, expecting: files.union(["renditions/c.jpg"])) == nil)
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, expecting: files.union(["renditions"])) == nil)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.jpg", withDestinationPath: "renditions/a.jpg")
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, expecting: files.union(["link.jpg"])) == nil)
        // Below a folder whose stamp is reused nothing is walked, so nothing there is counted or missed.
        let reused = try #require(TreeStamp.folders(path: root, entersHiddenFolders: true)?.folders["renditions"])
        let reusing = ["renditions": reused]
        let whole = try #require(TreeStamp.of(path: root, entersHiddenFolders: true, reusing: reusing))
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, reusing: reusing,
                             expecting: files.union(["renditions/c.jpg"])) == whole)
        #expect(TreeStamp.of(path: root, entersHiddenFolders: true, reusing: reusing,
                             expecting: files.union(["missing.html"])) == nil)
    }

    @Test("A rendition deleted while a rebuild runs leaves no snapshot, so the next build makes it again")
    func renditionDeletedDuringRebuild() throws {
        let folder = TemporaryFolder()
        let (album, options) = try UnchangedBuildTests.built(in: folder)
        let site = folder.file("site")
        #expect(BuildSnapshot.load(from: site) != nil)
        let renditions = site.appendingPathComponent("renditions")
        let victim = renditions.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: renditions.path).sorted().first))
        try FileManager.default.copyItem(at: try UnchangedBuildTests.firstPhoto(in: album),
                                         to: album.appendingPathComponent("zz-added.jpg"))
        // The rebuild plans with the output untouched (the kept rendition is
        // trusted, not looked at), then the file goes before the build ends.
        let deleted = Atomic<Bool>(false)
        let report = try Site.build(options, progress: { progress in
            if progress.stage == "renditions", !deleted.exchange(true, ordering: .relaxed) {
                try? FileManager.default.removeItem(at: victim)
            }
        })
        let wasDeleted = deleted.load(ordering: .relaxed)
        #expect(wasDeleted)
        #expect(!UnchangedBuildTests.stoppedEarly(report))
        #expect(BuildSnapshot.load(from: site) == nil)
        #expect(!FileManager.default.fileExists(atPath: victim.path))
        let repaired = try Site.build(options)
        #expect(!UnchangedBuildTests.stoppedEarly(repaired))
        #expect(FileManager.default.fileExists(atPath: victim.path))
        var cold = options
        cold.output = folder.file("cold")
        _ = try Site.build(cold)
        #expect(try snapshot(site) == snapshot(folder.file("cold")))
        #expect(UnchangedBuildTests.stoppedEarly(try Site.build(options)))
    }

    @Test("A photo added to an untouched site gives the cold build's site, and the next build stops early")
    func addToUntouched() throws {
        let folder = TemporaryFolder()
        let (album, options) = try UnchangedBuildTests.built(in: folder)
        try FileManager.default.copyItem(at: try UnchangedBuildTests.firstPhoto(in: album),
                                         to: album.appendingPathComponent("zz-added.jpg"))
        let rebuilt = try Site.build(options)
        #expect(!UnchangedBuildTests.stoppedEarly(rebuilt))
        // The copy has the first photo's bytes: its renditions are the first photo's, kept, not made again.
        #expect(rebuilt.renditionsMade == 0)
        var cold = options
        cold.output = folder.file("cold")
        _ = try Site.build(cold)
        #expect(try snapshot(folder.file("site")) == snapshot(folder.file("cold")))
        #expect(UnchangedBuildTests.stoppedEarly(try Site.build(options)))
    }

    @Test("A path splits at its last slash, as a search by Character splits it", arguments: [
        ("index.html", "", "index.html"),
        ("renditions/a.jpg", "renditions", "a.jpg"),
        ("a/b/c.html", "a/b", "c.html"),
        ("été/photo.jpg", "été", "photo.jpg"),
        // A combining mark after the slash, or a prepended mark before it, joins it into one Character.
        ("x/\u{301}y", "", "x/\u{301}y"),
        ("\u{600}/y", "", "\u{600}/y"),
        ("a/b\u{301}/c", "a/b\u{301}", "c"),
    ])
    func split(_ path: String, folder: String, name: String) {
        let parts = ConfinedFolder.split(path)
        #expect(String(parts.folder) == folder && String(parts.name) == name)
    }
}
