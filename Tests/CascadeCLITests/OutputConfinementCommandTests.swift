import Foundation
import Testing

/// The real `cascade` keeps its writes inside the output folder the user
/// named, literally: no `~` expansion, no adopting a folder of the user's
/// files, no writing through a link planted in the output.
@Suite struct OutputConfinementCommandTests {
    private func work() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("album"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("coffee.jpg"), to: folder.appendingPathComponent("album/coffee.jpg"))
        return folder
    }

    private func files(_ folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: folder.path) ?? .init() {
            if let data = FileManager.default.contents(atPath: folder.path + "/" + relative) { result[relative] = data }
        }
        return result
    }

    @Test func aTildeIsAFolderNamedTildeNotTheHomeFolder() throws {
        let folder = try work()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let run = try Binary.run(["build", "album", "--output", "~"], in: folder, environment: ["HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("~/index.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
        // cascade.json's paths are taken as literally.
        try Data(#"{"output": "~/site"}"#.utf8).write(to: folder.appendingPathComponent("album/cascade.json"))
        let again = try Binary.run(["build", "album"], in: folder, environment: ["HOME": home.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("album/~/site/index.html").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func aFolderOfTheUsersOwnFilesIsRefusedWithExit2() throws {
        let folder = try work()
        defer { try? FileManager.default.removeItem(at: folder) }
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("Documents"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: home.appendingPathComponent("Documents/report.txt"))
        let before = files(home)
        let run = try Binary.run(["build", "album", "--output", home.path], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("holds files Cascade did not make"), "\(run.stderr)")
        #expect(files(home) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path) == ["Documents"])
    }

    @Test func aLinkInTheOutputLeavesTheAlbumByteIdenticalAfterThreeBuilds() throws {
        let folder = try work()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Binary.run(["build", "album", "--output", "out"], in: folder).status == 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/renditions"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out/renditions").path,
                                                   withDestinationPath: "../album")
        let album = files(folder.appendingPathComponent("album"))
        for _ in 0..<3 {
            let run = try Binary.run(["build", "album", "--output", "out"], in: folder)
            #expect(run.status == 1)
            #expect(run.stderr.contains("'out/renditions' is a symbolic link inside the output folder"), "\(run.stderr)")
        }
        #expect(files(folder.appendingPathComponent("album")) == album)
    }
}
