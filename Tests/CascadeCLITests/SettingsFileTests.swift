import Foundation
import Testing

/// `cascade.json` at the album root sets build options; flags win.
struct SettingsFileTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-cli-settings-\(UUID().uuidString)")
    var album: URL { root.appendingPathComponent("album") }

    init() throws {
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samplePhoto("dogs.jpg"), to: album.appendingPathComponent("dogs.jpg"))
        try Data("not an image".utf8).write(to: album.appendingPathComponent("broken.jpg"))
    }

    func settle(_ json: String) throws {
        try Data(json.utf8).write(to: album.appendingPathComponent("cascade.json"))
    }

    @Test func theFileSetsTheOutputRelativeToTheAlbumAndIsNotAPhoto() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try settle(#"{"output": "../public", "quality": 60, "json": true}"#)
        // Run from elsewhere: the file's path means the album's sibling.
        let run = try Binary.run(["build", album.path], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("public/index.html").path))
        // "json": true in the file gives the summary object.
        let summary = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(summary != nil, "\(run.stdout)")
        #expect(!run.stderr.contains("cascade.json"), "the settings file is not a skipped photo: \(run.stderr)")
    }

    @Test func flagsWinOverTheFile() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try settle(#"{"output": "../public", "strict": true}"#)
        // The file's strict fails on broken.jpg …
        let strict = try Binary.run(["build", album.path])
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stderr.contains("--strict"), "\(strict.stderr)")
        // … which --no-strict turns off, and -o moves the output.
        let other = root.appendingPathComponent("other")
        let relaxed = try Binary.run(["build", album.path, "--no-strict", "-o", other.path])
        #expect(relaxed.status == 0, "\(relaxed.stderr)")
        #expect(FileManager.default.fileExists(atPath: other.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
    }

    @Test func aMistakeIsNamedAtItsLineAndColumnAndNothingIsBuilt() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try settle("{\n  \"output\": \"../public\",\n  \"qualty\": 85\n}\n")
        let run = try Binary.run(["build", album.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cascade.json':3:3: unknown setting \"qualty\" (did you mean \"quality\"?)"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
    }

    @Test func contradictoryFlagsAreAUsageError() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try Binary.run(["build", album.path, "--strict", "--no-strict"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--strict and --no-strict contradict each other"), "\(run.stderr)")
    }

    @Test func keepMetadataFromTheCommandLineJoinsTheFilesOriginals() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try settle(#"{"output": "../public", "originals": true}"#)
        let run = try Binary.run(["build", album.path, "--keep-metadata"])
        #expect(run.status == 0, "\(run.stderr)")
        let alone = try Binary.run(["build", album.path, "--no-originals", "--keep-metadata"])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--keep-metadata only applies with --originals"), "\(alone.stderr)")
    }
}
