import Foundation
import CFileAttributes
import ImageHeaders
import Testing
@testable import Gallery

/// A build writes only inside its own output folder: a link or a mount
/// point placed inside it is refused and named, nothing is written through
/// it, and the album it leads to stays byte for byte as it was.
@Suite struct OutputConfinementTests {
    private func album(in work: TemporaryFolder) throws -> URL {
        try work.write("album/coffee.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("coffee.jpg")))
        try work.write("album/trip/dogs.jpg", try Data(contentsOf: Repo.sampleAlbum.appendingPathComponent("dogs.jpg")))
        return work.file("album")
    }

    private func build(_ album: URL, _ output: URL, epoch: Int64? = nil) throws -> BuildReport {
        var options = BuildOptions(album: album, output: output, templates: Repo.templates)
        options.sourceDateEpoch = epoch
        return try Site.build(options)
    }

    /// Where a link is planted in a finished site, and what it points at.
    static let plantedLinks: [(place: String, target: String)] = [
        ("renditions", "album"),            // the rendition folder into the album: photos would multiply
        ("trip", "elsewhere"),              // an album's folder
        ("trip", "album"),
    ]

    @Test(arguments: plantedLinks)
    func aLinkInsideTheOutputIsRefusedAndTheAlbumKept(place: String, target: String) throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        try FileManager.default.createDirectory(at: work.file("elsewhere"), withIntermediateDirectories: true)
        let output = work.file("site")
        _ = try build(album, output)
        try FileManager.default.removeItem(at: output.appendingPathComponent(place))
        try FileManager.default.createSymbolicLink(atPath: output.appendingPathComponent(place).path,
                                                   withDestinationPath: "../" + target)
        let albumBefore = try snapshot(album), elsewhereBefore = try snapshot(work.file("elsewhere"))
        for _ in 0..<3 {
            #expect(throws: BuildError.outputEscape(path: PathText.display(output.appendingPathComponent(place)),
                                                    reason: .symbolicLink)) {
                try build(album, output)
            }
        }
        #expect(try snapshot(album) == albumBefore)
        #expect(try snapshot(work.file("elsewhere")) == elsewhereBefore)
        // Removed, the next build puts a real folder back.
        try FileManager.default.removeItem(at: output.appendingPathComponent(place))
        _ = try build(album, output)
        var info = stat()
        #expect(lstat(output.appendingPathComponent(place).path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR)
    }

    @Test func aLinkInPlaceOfAPageIsReplacedNotFollowed() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        let output = work.file("site")
        _ = try build(album, output)
        try work.write("secret.html", Data("the user's own".utf8))
        let page = output.appendingPathComponent("trip/index.html")
        let text = try Data(contentsOf: page)
        try FileManager.default.removeItem(at: page)
        try FileManager.default.createSymbolicLink(atPath: page.path, withDestinationPath: work.file("secret.html").path)
        _ = try build(album, output)
        #expect(try Data(contentsOf: work.file("secret.html")) == Data("the user's own".utf8))
        var info = stat()
        #expect(lstat(page.path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try Data(contentsOf: page) == text)
    }

    @Test(.enabled(if: BindMount.isPermitted, "bind mounts need root and mount rights"))
    func aBindMountInsideTheOutputIsRefused() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        let output = work.file("site")
        _ = try build(album, output)
        let albumBefore = try snapshot(album)
        let mount = try BindMount(album, at: output.appendingPathComponent("renditions"))
        for _ in 0..<3 {
            #expect(throws: BuildError.outputEscape(path: PathText.display(output.appendingPathComponent("renditions")),
                                                    reason: .mountPoint)) {
                try build(album, output)
            }
        }
        withExtendedLifetime(mount) {}
        #expect(try snapshot(album) == albumBefore)
    }

    /// The user's own folders: never adopted as output.
    @Test(arguments: ["notes.txt", "Documents/report.txt", ".bashrc"])
    func aFolderOfTheUsersFilesIsRefused(file: String) throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        try work.write("home/" + file, Data("mine".utf8))
        let before = try snapshot(work.file("home"))
        #expect(throws: BuildError.outputNotCascades(output: PathText.display(work.file("home")))) {
            try build(album, work.file("home"))
        }
        #expect(try snapshot(work.file("home")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.file("home").path).count == 1)
        var value = [UInt8](repeating: 0, count: 64)
        #expect(getxattr(work.file("home").path, "user.cascade.snapshot", &value, value.count) < 0)
    }

    @Test func newEmptyAndEarlierOutputFoldersNeedNoFlag() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        _ = try build(album, work.file("new/site"))
        try FileManager.default.createDirectory(at: work.file("empty"), withIntermediateDirectories: true)
        _ = try build(album, work.file("empty"))
        _ = try build(album, work.file("empty"))
        // A foreign file beside an earlier build's site is kept, as ever.
        try work.write("empty/notes.txt", Data("mine".utf8))
        _ = try build(album, work.file("empty"))
        #expect(try Data(contentsOf: work.file("empty/notes.txt")) == Data("mine".utf8))
    }

    @Test func sourceDateEpochSetsTheFoldersTimesToo() throws {
        let work = TemporaryFolder()
        let album = try album(in: work)
        let output = work.file("site")
        _ = try build(album, output, epoch: 1_000_000_000)
        var folders = [output.path]
        for case let relative as String in FileManager.default.enumerator(atPath: output.path)! {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: output.path + "/" + relative, isDirectory: &isFolder), isFolder.boolValue {
                folders.append(output.path + "/" + relative)
            }
        }
        #expect(folders.count >= 3)
        for folder in folders {
            var info = stat()
            #expect(lstat(folder, &info) == 0)
            #expect(info.st_mtim.tv_sec == 1_000_000_000 && info.st_mtim.tv_nsec == 0, "\(folder)")
        }
    }

    /// The walk used where the kernel has no `openat2` refuses links as the kernel does.
    @Test(arguments: [true, false])
    func bothWaysOfOpeningRefuseLinks(kernel: Bool) throws {
        guard !kernel || ConfinedFolder.kernelConfines else { return }
        let work = TemporaryFolder()
        try work.write("root/a/b/file.txt", Data("x".utf8))
        try work.write("outside/file.txt", Data("y".utf8))
        try FileManager.default.createSymbolicLink(atPath: work.file("root/a/link").path, withDestinationPath: "../../outside")
        let folder = try ConfinedFolder(path: work.file("root").path, usesKernel: kernel)
        #expect(try folder.read("a/b/file.txt") == Array("x".utf8))
        #expect(throws: ConfinedError.escape(path: "a/link", .symbolicLink)) { try folder.read("a/link/file.txt") }
        #expect(throws: ConfinedError.escape(path: "a/link", .symbolicLink)) {
            try folder.write(Array("z".utf8), to: "a/link/new.txt", modified: nil)
        }
        #expect(throws: ConfinedError.escape(path: "a/link", .symbolicLink)) {
            try folder.write(Array("z".utf8), to: "a/link/deeper/new.txt", modified: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: work.file("outside/new.txt").path))
        #expect(!FileManager.default.fileExists(atPath: work.file("outside/deeper").path))
        try folder.write(Array("w".utf8), to: "c/d/new.txt", modified: nil)
        #expect(try Data(contentsOf: work.file("root/c/d/new.txt")) == Data("w".utf8))
        #expect(!folder.removeFile("a/link/file.txt"))
        #expect(FileManager.default.fileExists(atPath: work.file("outside/file.txt").path))
    }
}

/// `mount --bind` for one test (root only), undone when released.
final class BindMount {
    let target: URL

    static let isPermitted: Bool = {
        let work = TemporaryFolder()
        try? FileManager.default.createDirectory(at: work.file("a"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: work.file("b"), withIntermediateDirectories: true)
        return (try? BindMount(work.file("a"), at: work.file("b"))) != nil
    }()

    init(_ source: URL, at target: URL) throws {
        try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        self.target = target
        guard Self.run(["/bin/mount", "--bind", source.path, target.path]) else {
            throw CocoaError(.featureUnsupported, userInfo: [NSFilePathErrorKey: target.path])
        }
    }

    deinit { _ = Self.run(["/bin/umount", target.path]) }

    private static func run(_ command: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
